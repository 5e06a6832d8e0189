import { KeptAnswers } from './kept-answers.js';
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  type CreateMealPlanEntry,
  type MealPlanEntry,
  type MealPlanSettings,
  type MealSlot,
  addDays,
  mondayOf,
} from '@forkful/contracts';
import { createEvents, type EventAttributes } from 'ics';
import type { Database } from '../db/client.js';
import { sessionEnded } from '../errors.js';
import {
  type MealPlanEntryRow,
  type MealPlanRepository,
  checkEntryFields,
  lockUser,
  slotName,
} from '../repositories/meal-plan.js';
import type { RecipeCardRow } from '../repositories/recipe-rows.js';
import type { ShoppingListRepository } from '../repositories/shopping-list.js';
import type { Mappers } from './mappers.js';
import { removeEntryShares, rescaleEntryShares } from './shopping-list/lines.js';
import { scaleFactor } from './shopping-list/merge.js';

/** How far the calendar feed reaches: four weeks back, twelve ahead (a phone keeps what it already has). */
const FEED_WEEKS_BACK = 4;
const FEED_WEEKS_AHEAD = 12;
const SLOT_LABELS: Record<MealSlot, string> = {
  breakfast: 'Breakfast',
  lunch: 'Lunch',
  dinner: 'Dinner',
  snack: 'Snack',
};

/** The contract shape of an entry; a recipe no longer visible shows its planned title and `unavailable`. */
export function toEntry(map: Mappers, row: MealPlanEntryRow): MealPlanEntry {
  const visible = row.id != null;
  return {
    _id: row.entryId,
    clientId: row.clientId,
    date: row.date,
    slot: slotName(row.slot),
    position: row.position,
    servings: row.servings,
    title: row.note ?? (visible ? null : row.recipeTitle),
    recipe: visible ? map.recipeCard(row as RecipeCardRow) : null,
    recipeServings: visible ? row.recipeServings : null,
    unavailable: row.note === null && !visible,
    updatedAt: new Date(row.entryUpdatedAt).toISOString(),
  };
}

/**
 * The meal planner's workflows: creating with idempotent replays, moves, removal (which also takes the meal's
 * share out of the shopping list, in one transaction), copy-week, and the calendar feed.
 */
export class MealPlanService {
  private readonly feedKey: Buffer;
  /** The range answers this instance made last, per user and dates. */
  private readonly kept = new KeptAnswers();

  constructor(
    private readonly db: Database,
    private readonly plans: MealPlanRepository,
    private readonly lists: ShoppingListRepository,
    private readonly map: Mappers,
    secret: string,
  ) {
    // A key of its own, derived from a server secret: the feed URL can be shown again without being stored.
    this.feedKey = createHmac('sha256', secret).update('forkful calendar feed v1').digest();
  }

  async range(userId: string, from: string, to: string): Promise<MealPlanEntry[]> {
    return (await this.plans.range(userId, from, to)).map((row) => toEntry(this.map, row));
  }

  /**
   * The range's `entries` as JSON text (JSON.stringify of what `range` gives). The answer made last for the same user
   * and dates is sent again when the stamp of its rows has not moved (decision 024, "The list answer, kept"): one short
   * row from PostgreSQL instead of 21 rows parsed, mapped and serialised.
   */
  async rangeJson(userId: string, sessionId: string, from: string, to: string): Promise<Buffer> {
    const key = `${userId}/${from}/${to}`;
    const now = await this.plans.rangeStamp(userId, sessionId, from, to);
    if (!now.active) throw sessionEnded();
    const kept = this.kept.get(key);
    if (kept && kept.stamp === now.stamp) return kept.body;
    const { rows, stamp } = await this.plans.rangeStamped(userId, from, to);
    const body = Buffer.from(JSON.stringify(rows.map((row) => toEntry(this.map, row))));
    this.kept.set(key, stamp, body);
    return body;
  }

  /** Creates an entry; a `clientId` seen before answers the entry it made (`created: false`). */
  async create(userId: string, values: CreateMealPlanEntry): Promise<{ entry: MealPlanEntry; created: boolean }> {
    const result = await this.db.transaction(async (tx) => {
      await lockUser(tx, userId);
      if (values.clientId) {
        const existing = await this.plans.findByClientId(userId, values.clientId, tx);
        if (existing) return { row: existing, created: false };
      }
      const recipeTitle = values.recipeId ? await this.plans.plannableRecipeTitle(userId, values.recipeId, tx) : null;
      const id = await this.plans.insert(tx, userId, {
        clientId: values.clientId ?? null,
        date: values.date,
        slot: values.slot,
        position: values.position ?? null,
        recipeId: values.recipeId ?? null,
        recipeTitle,
        note: values.title ?? null,
        servings: values.recipeId ? (values.servings ?? null) : null,
      });
      return { row: await this.plans.findEntry(userId, id, tx), created: true };
    });
    return { entry: toEntry(this.map, result.row), created: result.created };
  }

  async update(
    userId: string,
    entryId: string,
    values: { date?: string; slot?: MealSlot; position?: number; servings?: number | null; title?: string },
  ): Promise<MealPlanEntry> {
    const row = await this.db.transaction(async (tx) => {
      await lockUser(tx, userId);
      const current = await this.plans.lockEntry(tx, userId, entryId);
      checkEntryFields(current, values);
      const { title, ...rest } = values;
      await this.plans.update(tx, userId, entryId, { ...rest, ...(title === undefined ? {} : { note: title }) });
      if (values.servings !== undefined && current.note === null && values.servings !== current.servings) {
        // The meal's share of the unticked list lines follows its servings, as removing the meal takes it out.
        const before = scaleFactor(current.servings, current.recipeServings);
        const after = scaleFactor(values.servings, current.recipeServings);
        await rescaleEntryShares(tx, this.lists, userId, entryId, after / before);
      }
      return this.plans.findEntry(userId, entryId, tx);
    });
    return toEntry(this.map, row);
  }

  /** Removes the entry and its share of the unticked shopping-list lines, together. */
  async delete(userId: string, entryId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await lockUser(tx, userId);
      await this.plans.lockEntry(tx, userId, entryId);
      await removeEntryShares(tx, this.lists, userId, [entryId]);
      await this.plans.delete(tx, userId, entryId);
    });
  }

  async copyWeek(userId: string, from: string, to: string): Promise<{ copied: number; entries: MealPlanEntry[] }> {
    const copied = await this.db.transaction(async (tx) => {
      await lockUser(tx, userId);
      return this.plans.copyWeek(tx, userId, from, to);
    });
    return { copied, entries: await this.range(userId, to, addDays(to, 6)) };
  }

  settings(userId: string): Promise<MealPlanSettings> {
    return this.plans.settings(userId);
  }

  private tokenFor(userId: string, nonce: string): string {
    return createHmac('sha256', this.feedKey).update(`${userId}:${nonce}`).digest('base64url');
  }

  private static hash(token: string): string {
    return createHash('sha256').update(token).digest('hex');
  }

  /** The feed's token, made on first use; `regenerate` replaces it (the old one stops working). */
  async calendarToken(userId: string, regenerate: boolean): Promise<{ token: string; createdAt: Date | string }> {
    if (!regenerate) {
      const existing = await this.plans.feed(userId);
      if (existing) return { token: this.tokenFor(userId, existing.nonce), createdAt: existing.createdAt };
    }
    const nonce = randomBytes(16).toString('base64url');
    const token = this.tokenFor(userId, nonce);
    const saved = await this.plans.saveFeed(userId, nonce, MealPlanService.hash(token), regenerate);
    // Two first requests at once: the one stored first wins, and both answer its token.
    return { token: this.tokenFor(userId, saved.nonce), createdAt: saved.createdAt };
  }

  revokeCalendar(userId: string): Promise<boolean> {
    return this.plans.deleteFeed(userId);
  }

  /** The iCalendar text of the plan behind a feed token, or undefined for a token that opens nothing. */
  async calendarFeed(token: string, today: string): Promise<string | undefined> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
    const userId = await this.plans.feedOwner(MealPlanService.hash(token));
    if (!userId) return undefined;
    const feed = await this.plans.feed(userId);
    // The stored hash matched; check the token is still the one the current nonce makes (a regenerate in between).
    if (!feed || !timingSafeEqual(Buffer.from(this.tokenFor(userId, feed.nonce)), Buffer.from(token))) return undefined;
    const monday = mondayOf(today);
    const from = addDays(monday, -7 * FEED_WEEKS_BACK);
    const settings = await this.plans.settings(userId);
    const events: EventAttributes[] = [];
    // In steps of the longest range one read may span.
    for (let start = from; start < addDays(monday, 7 * FEED_WEEKS_AHEAD); start = addDays(start, 56)) {
      const rows = await this.plans.range(userId, start, addDays(start, 55));
      for (const row of rows) events.push(this.event(toEntry(this.map, row), settings));
    }
    const result = createEvents(events, { calName: 'Forkful meal plan', productId: 'forkful/meal-plan' });
    if (result.error || !result.value) throw result.error ?? new Error('calendar could not be written');
    return result.value;
  }

  private event(entry: MealPlanEntry, settings: MealPlanSettings): EventAttributes {
    const [year, month, day] = entry.date.split('-').map(Number) as [number, number, number];
    const [hour, minute] = settings.slotTimes[entry.slot].split(':').map(Number) as [number, number];
    const name = entry.recipe?.title ?? entry.title ?? '';
    const title = `${SLOT_LABELS[entry.slot]}: ${name}${entry.unavailable ? ' (no longer available)' : ''}`;
    return {
      uid: `${entry._id}@forkful`,
      title,
      // Floating local time: dinner at 18:30 shows at 18:30 wherever the phone is.
      start: [year, month, day, hour, minute],
      startInputType: 'local',
      startOutputType: 'local',
      duration: { minutes: settings.eventMinutes },
      ...(entry.servings ? { description: `${entry.servings} servings` } : {}),
      lastModified: new Date(entry.updatedAt).getTime(),
    } as EventAttributes;
  }
}
