import { randomUUID } from 'node:crypto';
import { SHOPPING_LIST_MAX_ITEMS, shoppingListMessages } from '@forkful/contracts';
import type { Executor } from '../../db/client.js';
import { conflict } from '../../errors.js';
import type {
  LineDisplayUpdate,
  LineShares,
  NewLine,
  NewSource,
  OpenLine,
  ShoppingListRepository,
} from '../../repositories/shopping-list.js';
import { aisleOf } from './aisles.js';
import { displayOf, largestUnit, type Share } from './merge.js';

/*
 * How shares become list lines (issue 18, docs/decisions/024): the arithmetic between the repository's one read
 * (`mergeState`) and its one write (`writeLines`). Three statements whatever the number of meals.
 */

/** A share with where it came from: `origin` is unique per user, so the same share is never added twice. */
export interface SourcedShare extends Share {
  origin: string;
  entryId: string | null;
  recipeId: string;
  recipeTitle: string;
}

type Line = OpenLine & { isNew: boolean; text: string };

/**
 * Which lines `fresh` shares create or join: each joins the oldest unticked line with its merge key (`open`) or starts
 * one; a share without a key is a line of its own. Pure: the ids and times are made here.
 */
export function planLines(
  fresh: readonly SourcedShare[],
  open: readonly OpenLine[],
  now: Date,
): { created: NewLine[]; updated: LineDisplayUpdate[]; sources: NewSource[] } {
  const byKey = new Map<string, Line>();
  for (const row of open) byKey.set(row.mergeKey, { ...row, isNew: false, text: '' });
  const created: NewLine[] = [];
  const sources: NewSource[] = [];
  const touched = new Set<Line>();
  const at = (offset: number) => new Date(now.getTime() + offset);

  for (const [index, share] of fresh.entries()) {
    let itemId: string;
    if (share.mergeKey && share.food) {
      let line = byKey.get(share.mergeKey);
      if (!line) {
        const food = share.food;
        line = {
          id: randomUUID(),
          isNew: true,
          mergeKey: share.mergeKey,
          amount: null,
          unit: null,
          food,
          text: share.text,
        };
        byKey.set(share.mergeKey, line);
      }
      if (share.amount !== null) line.amount = (line.amount ?? 0) + share.amount;
      line.unit = largestUnit([line.unit, share.unit]);
      touched.add(line);
      itemId = line.id;
    } else {
      itemId = randomUUID();
      created.push({
        id: itemId,
        text: share.text,
        quantity: null,
        unit: null,
        food: share.food,
        aisle: aisleOf(share.food),
        mergeKey: null,
        amount: null,
        createdAt: at(index),
      });
    }
    sources.push({
      itemId,
      origin: share.origin,
      entryId: share.entryId,
      recipeId: share.recipeId,
      recipeTitle: share.recipeTitle,
      amount: share.amount,
      unit: share.unit,
    });
  }

  const updated: LineDisplayUpdate[] = [];
  for (const line of touched) {
    const asWritten = line.mergeKey.startsWith('noqty|');
    // A line without a quantity keeps the words it was first written with; one joining it changes nothing shown.
    if (asWritten && !line.isNew) continue;
    const shown = asWritten
      ? { text: line.text, quantity: null, unit: null }
      : displayOf(line.mergeKey, line.amount, line.unit, line.food);
    if (line.isNew) {
      created.push({
        id: line.id,
        ...shown,
        food: line.food,
        aisle: aisleOf(line.food),
        mergeKey: line.mergeKey,
        amount: line.amount,
        createdAt: at(created.length),
      });
    } else {
      updated.push({ id: line.id, ...shown, amount: line.amount });
    }
  }
  return { created, updated, sources };
}

/** What merged lines show once their shares changed: the sum of what they hold, in the largest unit used. */
export function displaysOf(lines: readonly LineShares[]): LineDisplayUpdate[] {
  return lines.map((row) => {
    const known = row.amounts.filter((amount): amount is number => amount !== null);
    const amount = known.length ? known.reduce((sum, value) => sum + value, 0) : null;
    return { id: row.id, ...displayOf(row.mergeKey, amount, largestUnit(row.units), row.food ?? ''), amount };
  });
}

/**
 * Adds shares to the list (the caller holds the user's lock): those whose origin is already there are skipped.
 * Returns how many lines were created or added to.
 */
export async function addShares(
  tx: Executor,
  lists: ShoppingListRepository,
  userId: string,
  shares: readonly SourcedShare[],
): Promise<number> {
  if (shares.length === 0) return 0;
  const keys = [...new Set(shares.flatMap((share) => (share.mergeKey ? [share.mergeKey] : [])))];
  const state = await lists.mergeState(
    tx,
    userId,
    shares.map((share) => share.origin),
    keys,
  );
  const seen = new Set(state.present);
  const fresh = shares.filter((share) => !seen.has(share.origin) && (seen.add(share.origin), true));
  if (fresh.length === 0) return 0;
  const lines = planLines(fresh, state.open, new Date());
  if (state.count + lines.created.length > SHOPPING_LIST_MAX_ITEMS) throw conflict(shoppingListMessages.listFull);
  await lists.writeLines(tx, userId, lines);
  return lines.created.length + lines.updated.length;
}

/** Takes planned entries' shares out of the unticked lines built from recipes, and shows what remains. */
export async function removeEntryShares(
  tx: Executor,
  lists: ShoppingListRepository,
  userId: string,
  entryIds: readonly string[],
): Promise<void> {
  await lists.writeDisplays(tx, displaysOf(await lists.removeEntryShares(tx, userId, entryIds)));
}

/** Scales one planned entry's shares of the unticked lines built from recipes by `ratio`, and shows the new sums. */
export async function rescaleEntryShares(
  tx: Executor,
  lists: ShoppingListRepository,
  userId: string,
  entryId: string,
  ratio: number,
): Promise<void> {
  if (ratio === 1 || !Number.isFinite(ratio)) return;
  await lists.writeDisplays(tx, displaysOf(await lists.rescaleEntryShares(tx, userId, entryId, ratio)));
}
