import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Aisle, SHOPPING_LIST_MAX_ITEMS, shoppingListMessages } from '@forkful/contracts';
import type { Database, Executor } from '../db/client.js';
import type { shoppingItemSources } from '../db/schema.js';
import { shoppingItems } from '../db/schema.js';
import { conflict, notFound } from '../errors.js';
import { lockUser } from './meal-plan.js';
import { aisleOf } from '../services/shopping-list/aisles.js';
import { displayOf, largestUnit, type Share } from '../services/shopping-list/merge.js';

/*
 * A user's shopping list (issue 18, docs/decisions/024). Every statement is scoped by user_id, so another user's
 * item id reads exactly like one that does not exist. Adding shares is set-based: a handful of statements whatever
 * the number of lines (read the origins already there, read the open lines the shares may join, insert the new
 * lines, update the joined ones, insert the sources).
 */

export type ShoppingItemRow = {
  id: string;
  clientId: string | null;
  text: string;
  quantity: number | null;
  unit: string | null;
  food: string | null;
  aisle: Aisle | null;
  checked: boolean;
  createdAt: Date | string;
  updatedAt: Date | string;
  sources: { recipeId: string | null; title: string }[];
};

/** A share with where it came from: `origin` is unique per user, so the same share is never added twice. */
export interface SourcedShare extends Share {
  origin: string;
  entryId: string | null;
  recipeId: string;
  recipeTitle: string;
}

const ITEM_SELECT = sql`
  SELECT i.id, i.client_id AS "clientId", i.text, i.quantity, i.unit, i.food, i.aisle, i.checked,
    i.created_at AS "createdAt", i.updated_at AS "updatedAt",
    COALESCE((
      SELECT json_agg(json_build_object('recipeId', d.recipe_id, 'title', d.title) ORDER BY d.first, d.title)
      FROM (
        SELECT CASE WHEN r.id IS NOT NULL THEN s.recipe_id END AS recipe_id, s.recipe_title AS title,
          min(s.created_at) AS first
        FROM shopping_item_sources s
        LEFT JOIN recipes r ON r.id = s.recipe_id AND (r.is_published OR r.author_id = i.user_id)
        WHERE s.item_id = i.id
        GROUP BY 1, 2) d
    ), '[]'::json) AS sources
  FROM shopping_items i`;

export class ShoppingListRepository {
  constructor(private readonly db: Database) {}

  /** The whole list: the lines, then every source of the user in one read (not one subquery per line). */
  async list(userId: string, tx: Executor = this.db): Promise<ShoppingItemRow[]> {
    const items = await tx.execute<Omit<ShoppingItemRow, 'sources'>>(sql`
      SELECT i.id, i.client_id AS "clientId", i.text, i.quantity, i.unit, i.food, i.aisle, i.checked,
        i.created_at AS "createdAt", i.updated_at AS "updatedAt"
      FROM shopping_items i WHERE i.user_id = ${userId} ORDER BY i.created_at, i.id`);
    if (items.rows.length === 0) return [];
    const sources = await tx.execute<{ itemId: string; recipeId: string | null; title: string }>(sql`
      SELECT s.item_id AS "itemId", CASE WHEN r.id IS NOT NULL THEN s.recipe_id END AS "recipeId",
        s.recipe_title AS title
      FROM shopping_item_sources s
      LEFT JOIN recipes r ON r.id = s.recipe_id AND (r.is_published OR r.author_id = ${userId})
      WHERE s.user_id = ${userId}
      GROUP BY 1, 2, 3
      ORDER BY min(s.created_at), 3`);
    const byItem = new Map<string, ShoppingItemRow['sources']>();
    for (const { itemId, recipeId, title } of sources.rows) {
      const list = byItem.get(itemId) ?? [];
      list.push({ recipeId, title });
      byItem.set(itemId, list);
    }
    return items.rows.map((row) => ({ ...row, sources: byItem.get(row.id) ?? [] }));
  }

  async find(userId: string, itemId: string, tx: Executor = this.db): Promise<ShoppingItemRow> {
    const result = await tx.execute<ShoppingItemRow>(sql`${ITEM_SELECT}
      WHERE i.user_id = ${userId} AND i.id = ${itemId}`);
    const row = result.rows[0];
    if (!row) throw notFound(shoppingListMessages.itemNotFound);
    return row;
  }

  async findByClientId(userId: string, clientId: string, tx: Executor): Promise<ShoppingItemRow | undefined> {
    const result = await tx.execute<ShoppingItemRow>(sql`${ITEM_SELECT}
      WHERE i.user_id = ${userId} AND i.client_id = ${clientId}`);
    return result.rows[0];
  }

  private async assertRoom(tx: Executor, userId: string, adding: number): Promise<void> {
    if (adding === 0) return;
    const result = await tx.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM shopping_items WHERE user_id = ${userId}`);
    if ((result.rows[0]?.n ?? 0) + adding > SHOPPING_LIST_MAX_ITEMS) throw conflict(shoppingListMessages.listFull);
  }

  /** A line typed by hand (the caller holds the user's lock and has read the text). */
  async insertManual(
    tx: Executor,
    userId: string,
    values: {
      clientId: string | null;
      text: string;
      quantity: number | null;
      unit: string | null;
      food: string | null;
      aisle: Aisle | null;
    },
  ): Promise<string> {
    await this.assertRoom(tx, userId, 1);
    const id = randomUUID();
    await tx.insert(shoppingItems).values({ id, userId, ...values });
    return id;
  }

  /**
   * Adds shares to the list: each joins the oldest unticked line with its merge key, or starts a line; a share
   * without a key is a line of its own. Shares whose origin is already on the list are skipped. Returns how many
   * lines were created or added to.
   */
  async addShares(tx: Executor, userId: string, shares: readonly SourcedShare[]): Promise<number> {
    if (shares.length === 0) return 0;
    const present = await tx.execute<{ origin: string }>(sql`
      SELECT origin FROM shopping_item_sources
      WHERE user_id = ${userId} AND origin = ANY(${sql.param(shares.map((share) => share.origin))}::text[])`);
    const seen = new Set(present.rows.map((row) => row.origin));
    const fresh = shares.filter((share) => !seen.has(share.origin) && (seen.add(share.origin), true));
    if (fresh.length === 0) return 0;

    const keys = [...new Set(fresh.flatMap((share) => (share.mergeKey ? [share.mergeKey] : [])))];
    const open = keys.length
      ? (
          await tx.execute<{ id: string; mergeKey: string; amount: number | null; unit: string | null; food: string }>(
            sql`SELECT DISTINCT ON (merge_key) id, merge_key AS "mergeKey", amount, unit, food
                FROM shopping_items
                WHERE user_id = ${userId} AND NOT checked AND merge_key = ANY(${sql.param(keys)}::text[])
                ORDER BY merge_key, created_at, id`,
          )
        ).rows
      : [];

    type Line = { id: string; isNew: boolean; mergeKey: string | null; amount: number | null; unit: string | null };
    const byKey = new Map<string, Line & { food: string; text: string }>();
    for (const row of open) byKey.set(row.mergeKey, { ...row, isNew: false, text: '' });
    const created: (typeof shoppingItems.$inferInsert)[] = [];
    const sources: (typeof shoppingItemSources.$inferInsert)[] = [];
    const touched = new Set<Line & { food: string; text: string }>();
    const now = new Date();

    for (const [index, share] of fresh.entries()) {
      let itemId: string;
      if (share.mergeKey && share.food) {
        let line = byKey.get(share.mergeKey);
        if (!line) {
          line = {
            id: randomUUID(),
            isNew: true,
            mergeKey: share.mergeKey,
            amount: null,
            unit: null,
            food: share.food,
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
          userId,
          text: share.text,
          food: share.food,
          aisle: aisleOf(share.food),
          fromRecipes: true,
          createdAt: new Date(now.getTime() + index),
        });
      }
      sources.push({
        userId,
        itemId,
        origin: share.origin,
        entryId: share.entryId,
        recipeId: share.recipeId,
        recipeTitle: share.recipeTitle,
        amount: share.amount,
        unit: share.unit,
      });
    }

    const updates: { id: string; text: string; quantity: number | null; unit: string | null; amount: number | null }[] =
      [];
    for (const line of touched) {
      const asWritten = line.mergeKey?.startsWith('noqty|') ?? false;
      // A line without a quantity keeps the words it was first written with; one joining it changes nothing shown.
      if (asWritten && !line.isNew) continue;
      const shown = asWritten
        ? { text: line.text, quantity: null, unit: null }
        : displayOf(line.mergeKey ?? 'noqty|', line.amount, line.unit, line.food);
      if (line.isNew) {
        created.push({
          id: line.id,
          userId,
          text: shown.text,
          quantity: shown.quantity,
          unit: shown.unit,
          food: line.food,
          aisle: aisleOf(line.food),
          mergeKey: line.mergeKey,
          amount: line.amount,
          fromRecipes: true,
          createdAt: new Date(now.getTime() + created.length),
        });
      } else {
        updates.push({ id: line.id, ...shown, amount: line.amount });
      }
    }

    await this.assertRoom(tx, userId, created.length);
    // unnest over one array per column: a few parameters however many rows, so planning stays cheap.
    if (created.length) {
      const column = <T>(read: (row: (typeof created)[number]) => T) => sql.param(created.map(read));
      await tx.execute(sql`
        INSERT INTO shopping_items (id, user_id, text, quantity, unit, food, aisle, merge_key, amount, from_recipes,
          created_at)
        SELECT u.id, ${userId}, u.text, u.quantity, u.unit, u.food, u.aisle, u.merge_key, u.amount, true, u.created_at
        FROM unnest(${column((row) => row.id)}::uuid[], ${column((row) => row.text)}::text[],
          ${column((row) => row.quantity ?? null)}::float8[], ${column((row) => row.unit ?? null)}::text[],
          ${column((row) => row.food ?? null)}::text[], ${column((row) => row.aisle ?? null)}::text[],
          ${column((row) => row.mergeKey ?? null)}::text[], ${column((row) => row.amount ?? null)}::float8[],
          ${column((row) => (row.createdAt as Date).toISOString())}::timestamptz[])
          AS u(id, text, quantity, unit, food, aisle, merge_key, amount, created_at)`);
    }
    if (updates.length) await this.writeDisplays(tx, updates);
    const column = <T>(read: (row: (typeof sources)[number]) => T) => sql.param(sources.map(read));
    await tx.execute(sql`
      INSERT INTO shopping_item_sources (user_id, item_id, origin, entry_id, recipe_id, recipe_title, amount, unit)
      SELECT ${userId}, u.item_id, u.origin, u.entry_id, u.recipe_id, u.recipe_title, u.amount, u.unit
      FROM unnest(${column((row) => row.itemId)}::uuid[], ${column((row) => row.origin)}::text[],
        ${column((row) => row.entryId ?? null)}::uuid[], ${column((row) => row.recipeId ?? null)}::uuid[],
        ${column((row) => row.recipeTitle)}::text[], ${column((row) => row.amount ?? null)}::float8[],
        ${column((row) => row.unit ?? null)}::text[])
        AS u(item_id, origin, entry_id, recipe_id, recipe_title, amount, unit)`);
    return created.length + updates.length;
  }

  private async writeDisplays(
    tx: Executor,
    updates: readonly {
      id: string;
      text: string;
      quantity: number | null;
      unit: string | null;
      amount: number | null;
    }[],
  ): Promise<void> {
    await tx.execute(sql`
      UPDATE shopping_items i SET text = u.text, quantity = u.quantity, unit = u.unit, amount = u.amount,
        updated_at = now()
      FROM unnest(
        ${sql.param(updates.map((u) => u.id))}::uuid[], ${sql.param(updates.map((u) => u.text))}::text[],
        ${sql.param(updates.map((u) => u.quantity))}::float8[], ${sql.param(updates.map((u) => u.unit))}::text[],
        ${sql.param(updates.map((u) => u.amount))}::float8[]
      ) AS u(id, text, quantity, unit, amount)
      WHERE i.id = u.id`);
  }

  /**
   * Takes the shares of planned entries out of the unticked lines built from recipes: a line left with nothing
   * goes, the others show what remains. Ticked lines and lines edited by hand keep everything.
   */
  async removeEntryShares(tx: Executor, userId: string, entryIds: readonly string[]): Promise<void> {
    if (entryIds.length === 0) return;
    const removed = await tx.execute<{ itemId: string }>(sql`
      DELETE FROM shopping_item_sources s USING shopping_items i
      WHERE s.user_id = ${userId} AND s.entry_id = ANY(${sql.param(entryIds)}::uuid[])
        AND i.id = s.item_id AND NOT i.checked AND i.from_recipes
      RETURNING s.item_id AS "itemId"`);
    const itemIds = [...new Set(removed.rows.map((row) => row.itemId))];
    if (itemIds.length === 0) return;
    await tx.execute(sql`
      DELETE FROM shopping_items i WHERE i.id = ANY(${sql.param(itemIds)}::uuid[])
        AND NOT EXISTS (SELECT 1 FROM shopping_item_sources s WHERE s.item_id = i.id)`);
    const remaining = await tx.execute<{
      id: string;
      mergeKey: string | null;
      food: string | null;
      amounts: (number | null)[];
      units: (string | null)[];
    }>(sql`
      SELECT i.id, i.merge_key AS "mergeKey", i.food, array_agg(s.amount) AS amounts, array_agg(s.unit) AS units
      FROM shopping_items i JOIN shopping_item_sources s ON s.item_id = i.id
      WHERE i.id = ANY(${sql.param(itemIds)}::uuid[]) AND i.merge_key IS NOT NULL AND i.merge_key NOT LIKE 'noqty|%'
      GROUP BY i.id`);
    const updates = remaining.rows.map((row) => {
      const known = row.amounts.filter((amount): amount is number => amount !== null);
      const amount = known.length ? known.reduce((sum, value) => sum + value, 0) : null;
      const unit = largestUnit(row.units);
      return { id: row.id, ...displayOf(row.mergeKey ?? 'noqty|', amount, unit, row.food ?? ''), amount };
    });
    if (updates.length) await this.writeDisplays(tx, updates);
  }

  /** Changes the fields given; a new text was read again by the caller and makes the line the user's own. */
  async update(
    userId: string,
    itemId: string,
    values: {
      checked?: boolean;
      aisle?: Aisle | null;
      text?: { text: string; quantity: number | null; unit: string | null; food: string | null };
    },
  ): Promise<ShoppingItemRow> {
    // Under the user's lock, so a tick never lands between a list build's read of the open lines and its update.
    return this.db.transaction(async (tx) => {
      await lockUser(tx, userId);
      const result = await tx.execute(sql`
      UPDATE shopping_items SET
        checked = ${values.checked === undefined ? sql`checked` : sql`${values.checked}`},
        aisle = ${values.aisle === undefined ? sql`aisle` : sql`${values.aisle}`},
        ${
          values.text === undefined
            ? sql``
            : sql`text = ${values.text.text}, quantity = ${values.text.quantity}, unit = ${values.text.unit},
                food = ${values.text.food}, merge_key = NULL, amount = NULL, from_recipes = false,`
        }
        updated_at = now()
      WHERE id = ${itemId} AND user_id = ${userId}`);
      if ((result.rowCount ?? 0) === 0) throw notFound(shoppingListMessages.itemNotFound);
      return this.find(userId, itemId, tx);
    });
  }

  async delete(userId: string, itemId: string): Promise<void> {
    const result = await this.db.execute(sql`DELETE FROM shopping_items WHERE id = ${itemId} AND user_id = ${userId}`);
    if ((result.rowCount ?? 0) === 0) throw notFound(shoppingListMessages.itemNotFound);
  }

  async deleteChecked(userId: string): Promise<number> {
    const result = await this.db.execute(sql`DELETE FROM shopping_items WHERE user_id = ${userId} AND checked`);
    return result.rowCount ?? 0;
  }
}
