import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Aisle, SHOPPING_LIST_MAX_ITEMS, shoppingListMessages } from '@forkful/contracts';
import type { Database, Executor } from '../db/client.js';
import { shoppingItems } from '../db/schema.js';
import { conflict, notFound } from '../errors.js';
import { lockUser } from './meal-plan.js';

/*
 * A user's shopping list (issue 18, docs/decisions/024): SQL only. Every statement is scoped by user_id, so another
 * user's item id reads exactly like one that does not exist. The merge arithmetic (which share joins which line,
 * what a line shows) is the service's (services/shopping-list/lines.ts); this file reads what it needs in one
 * statement (`mergeState`) and writes what it decided in one statement (`writeLines`), whatever the number of lines.
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

/** An unticked line built from recipes that more shares with its merge key may join. */
export type OpenLine = { id: string; mergeKey: string; amount: number | null; unit: string | null; food: string };

/** A line to create from recipes. */
export type NewLine = {
  id: string;
  text: string;
  quantity: number | null;
  unit: string | null;
  food: string | null;
  aisle: Aisle | null;
  mergeKey: string | null;
  amount: number | null;
  createdAt: Date;
};

/** What a merged line shows after its shares changed. */
export type LineDisplayUpdate = {
  id: string;
  text: string;
  quantity: number | null;
  unit: string | null;
  amount: number | null;
};

/** Which recipe line went into which list line, with its share; `origin` is unique per user. */
export type NewSource = {
  itemId: string;
  origin: string;
  entryId: string | null;
  recipeId: string;
  recipeTitle: string;
  amount: number | null;
  unit: string | null;
};

/** A merged line with the shares it still holds (to show their sum again). */
export type LineShares = {
  id: string;
  mergeKey: string;
  food: string | null;
  amounts: (number | null)[];
  units: (string | null)[];
};

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

const stamp = (column: string) =>
  `to_json(to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text`;
const value = (column: string) => `COALESCE(to_json(${column})::text, 'null')`;

/** The list as the contract's `items` JSON text, for the user $1 (ShoppingListRepository.listJson). */
const LIST_JSON_TEXT = `
  WITH grouped AS (
    SELECT item_id, recipe_id, recipe_title AS title, min(created_at) AS first
    FROM shopping_item_sources WHERE user_id = $1
    GROUP BY 1, 2, 3
  ), visible AS (
    SELECT r.id FROM recipes r
    WHERE r.id IN (SELECT recipe_id FROM grouped) AND (r.is_published OR r.author_id = $1)
  ), sources AS (
    SELECT d.item_id, '[' || string_agg(
        '{"recipeId":' || COALESCE(to_json(d.recipe_id)::text, 'null') || ',"title":' || to_json(d.title)::text
        || '}', ',' ORDER BY d.first, d.title) || ']' AS json
    FROM (
      SELECT g.item_id, v.id AS recipe_id, g.title, min(g.first) AS first
      FROM grouped g LEFT JOIN visible v ON v.id = g.recipe_id
      GROUP BY 1, 2, 3) d
    GROUP BY d.item_id
  )
  SELECT COALESCE('[' || string_agg(
      '{"_id":' || to_json(i.id)::text || ',"clientId":' || ${value('i.client_id')}
      || ',"text":' || to_json(i.text)::text || ',"quantity":' || ${value('i.quantity')}
      || ',"unit":' || ${value('i.unit')} || ',"food":' || ${value('i.food')}
      || ',"aisle":' || ${value('i.aisle')} || ',"checked":' || to_json(i.checked)::text
      || ',"sources":' || COALESCE(s.json, '[]') || ',"createdAt":' || ${stamp('i.created_at')}
      || ',"updatedAt":' || ${stamp('i.updated_at')} || '}',
      ',' ORDER BY i.created_at, i.id) || ']', '[]') AS items
  FROM shopping_items i LEFT JOIN sources s ON s.item_id = i.id
  WHERE i.user_id = $1`;

/**
 * The version of user $1's list answer (migration 0010): their list's version and the recipes' visibility version.
 * Equal stamps, equal answers.
 */
const LIST_STAMP = `coalesce((SELECT version FROM shopping_list_versions WHERE user_id = $1), 0)::text || '/'
  || coalesce((SELECT version FROM shopping_list_versions WHERE user_id = '00000000-0000-0000-0000-000000000000'), 0)`;

/** An array parameter of one column of `rows` (unnest over one array per column: planning stays cheap). */
const column = <Row, T>(rows: readonly Row[], read: (row: Row) => T) => sql.param(rows.map(read));

export class ShoppingListRepository {
  constructor(private readonly db: Database) {}

  /**
   * The whole list as the JSON text of the contract's `items` (shoppingItemSchema: its fields in its order, written
   * compactly, timestamps as toISOString writes them), in one statement: the lines by the user's list index, each with
   * its distinct recipes aggregated from the user's sources in one pass (the origin index's user prefix), the
   * recipes' visibility looked up once per recipe. Nothing is parsed or serialised again in Node. Numbers are
   * PostgreSQL's shortest exact form: the same values as JavaScript's; only a quantity of 10^15 or more is written
   * with an exponent where JavaScript writes digits.
   */
  async listJson(userId: string, tx?: Executor): Promise<string> {
    if (tx) {
      const parts = LIST_JSON_TEXT.split('$1').map((part) => sql.raw(part));
      const result = await tx.execute<{ items: string }>(sql.join(parts, sql`${userId}`));
      return result.rows[0]?.items ?? '[]';
    }
    // The read on its own (GET /shopping-list): a named prepared statement, planned once per connection. Planning
    // this statement took about 1.1 ms of the 2.4 ms the database spent on a list of ~90 lines at 1M recipes.
    const result = await this.db.$client.query<{ items: string }>({
      name: 'shopping-list-json',
      text: LIST_JSON_TEXT,
      values: [userId],
    });
    return result.rows[0]?.items ?? '[]';
  }

  /** The stamp of the user's list answer as it is now (one read of two primary keys; see LIST_STAMP). */
  async listStamp(userId: string): Promise<string> {
    const result = await this.db.$client.query<{ stamp: string }>({
      name: 'shopping-list-stamp',
      text: `SELECT ${LIST_STAMP} AS stamp`,
      values: [userId],
    });
    return result.rows[0]!.stamp;
  }

  /** The list's JSON text (as listJson) with its stamp, read in one statement: the stamp is that of the answer. */
  async listJsonStamped(userId: string): Promise<{ items: string; stamp: string }> {
    const result = await this.db.$client.query<{ items: string; stamp: string }>({
      name: 'shopping-list-json-stamped',
      text: `SELECT l.items, ${LIST_STAMP} AS stamp FROM (${LIST_JSON_TEXT}) l`,
      values: [userId],
    });
    return result.rows[0]!;
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
   * Everything adding shares needs to know, in one statement: which of `origins` are already on the list, the
   * oldest unticked line of each merge key in `keys`, and how many lines the list has. The caller holds the lock.
   */
  async mergeState(
    tx: Executor,
    userId: string,
    origins: readonly string[],
    keys: readonly string[],
  ): Promise<{ present: string[]; open: OpenLine[]; count: number }> {
    const result = await tx.execute<{ present: string[]; open: OpenLine[]; count: number }>(sql`
      SELECT
        ARRAY(SELECT origin FROM shopping_item_sources
              WHERE user_id = ${userId} AND origin = ANY(${sql.param([...origins])}::text[])) AS present,
        COALESCE((
          SELECT json_agg(json_build_object('id', o.id, 'mergeKey', o.merge_key, 'amount', o.amount, 'unit', o.unit,
            'food', o.food))
          FROM (
            SELECT DISTINCT ON (merge_key) id, merge_key, amount, unit, food
            FROM shopping_items
            WHERE user_id = ${userId} AND NOT checked AND merge_key = ANY(${sql.param([...keys])}::text[])
            ORDER BY merge_key, created_at, id) o
        ), '[]'::json) AS open,
        (SELECT count(*)::int FROM shopping_items WHERE user_id = ${userId}) AS count`);
    const row = result.rows[0];
    return { present: row?.present ?? [], open: row?.open ?? [], count: row?.count ?? 0 };
  }

  /**
   * Writes what adding shares decided, in one statement: the new lines, the new displays of the lines joined, and
   * the sources (their foreign key to the lines is checked at the end of the statement, when the new lines are in).
   */
  async writeLines(
    tx: Executor,
    userId: string,
    lines: { created: readonly NewLine[]; updated: readonly LineDisplayUpdate[]; sources: readonly NewSource[] },
  ): Promise<void> {
    const { created, updated, sources } = lines;
    if (created.length + updated.length + sources.length === 0) return;
    await tx.execute(sql`
      WITH created AS (
        INSERT INTO shopping_items (id, user_id, text, quantity, unit, food, aisle, merge_key, amount, from_recipes,
          created_at)
        SELECT u.id, ${userId}, u.text, u.quantity, u.unit, u.food, u.aisle, u.merge_key, u.amount, true, u.created_at
        FROM unnest(${column(created, (row) => row.id)}::uuid[], ${column(created, (row) => row.text)}::text[],
          ${column(created, (row) => row.quantity)}::float8[], ${column(created, (row) => row.unit)}::text[],
          ${column(created, (row) => row.food)}::text[], ${column(created, (row) => row.aisle)}::text[],
          ${column(created, (row) => row.mergeKey)}::text[], ${column(created, (row) => row.amount)}::float8[],
          ${column(created, (row) => row.createdAt.toISOString())}::timestamptz[])
          AS u(id, text, quantity, unit, food, aisle, merge_key, amount, created_at)
        RETURNING 1
      ), updated AS (
        UPDATE shopping_items i SET text = u.text, quantity = u.quantity, unit = u.unit, amount = u.amount,
          updated_at = now()
        FROM unnest(${column(updated, (row) => row.id)}::uuid[], ${column(updated, (row) => row.text)}::text[],
          ${column(updated, (row) => row.quantity)}::float8[], ${column(updated, (row) => row.unit)}::text[],
          ${column(updated, (row) => row.amount)}::float8[]) AS u(id, text, quantity, unit, amount)
        WHERE i.id = u.id AND i.user_id = ${userId}
        RETURNING 1
      )
      INSERT INTO shopping_item_sources (user_id, item_id, origin, entry_id, recipe_id, recipe_title, amount, unit)
      SELECT ${userId}, u.item_id, u.origin, u.entry_id, u.recipe_id, u.recipe_title, u.amount, u.unit
      FROM unnest(${column(sources, (row) => row.itemId)}::uuid[], ${column(sources, (row) => row.origin)}::text[],
        ${column(sources, (row) => row.entryId)}::uuid[], ${column(sources, (row) => row.recipeId)}::uuid[],
        ${column(sources, (row) => row.recipeTitle)}::text[], ${column(sources, (row) => row.amount)}::float8[],
        ${column(sources, (row) => row.unit)}::text[])
        AS u(item_id, origin, entry_id, recipe_id, recipe_title, amount, unit)`);
  }

  /** New displays for merged lines (after shares left them or were rescaled). */
  async writeDisplays(tx: Executor, updates: readonly LineDisplayUpdate[]): Promise<void> {
    if (updates.length === 0) return;
    await tx.execute(sql`
      UPDATE shopping_items i SET text = u.text, quantity = u.quantity, unit = u.unit, amount = u.amount,
        updated_at = now()
      FROM unnest(${column(updates, (u) => u.id)}::uuid[], ${column(updates, (u) => u.text)}::text[],
        ${column(updates, (u) => u.quantity)}::float8[], ${column(updates, (u) => u.unit)}::text[],
        ${column(updates, (u) => u.amount)}::float8[]) AS u(id, text, quantity, unit, amount)
      WHERE i.id = u.id`);
  }

  /**
   * Takes the shares of planned entries out of the unticked lines built from recipes and deletes the lines left with
   * nothing. Returns the merged lines that kept other shares, with those shares, for the caller to show their sum.
   * Ticked lines and lines edited by hand keep everything.
   */
  async removeEntryShares(tx: Executor, userId: string, entryIds: readonly string[]): Promise<LineShares[]> {
    if (entryIds.length === 0) return [];
    const removed = await tx.execute<{ itemId: string }>(sql`
      DELETE FROM shopping_item_sources s USING shopping_items i
      WHERE s.user_id = ${userId} AND s.entry_id = ANY(${sql.param([...entryIds])}::uuid[])
        AND i.id = s.item_id AND NOT i.checked AND i.from_recipes
      RETURNING s.item_id AS "itemId"`);
    const itemIds = [...new Set(removed.rows.map((row) => row.itemId))];
    if (itemIds.length === 0) return [];
    // The lines with no source left go; the read below joins sources, so it never returns them.
    const result = await tx.execute<LineShares>(sql`
      WITH emptied AS (
        DELETE FROM shopping_items i WHERE i.id = ANY(${sql.param(itemIds)}::uuid[])
          AND NOT EXISTS (SELECT 1 FROM shopping_item_sources s WHERE s.item_id = i.id)
        RETURNING 1)
      ${this.sharesOf(itemIds)}`);
    return result.rows;
  }

  /**
   * Multiplies the shares one planned entry gave to unticked lines built from recipes by `ratio` (its servings
   * changed). Returns the merged lines it touched, with all their shares, for the caller to show their new sum.
   */
  async rescaleEntryShares(tx: Executor, userId: string, entryId: string, ratio: number): Promise<LineShares[]> {
    const scaled = await tx.execute<{ itemId: string }>(sql`
      UPDATE shopping_item_sources s SET amount = s.amount * ${ratio}::float8
      FROM shopping_items i
      WHERE s.user_id = ${userId} AND s.entry_id = ${entryId} AND s.amount IS NOT NULL
        AND i.id = s.item_id AND NOT i.checked AND i.from_recipes
      RETURNING s.item_id AS "itemId"`);
    const itemIds = [...new Set(scaled.rows.map((row) => row.itemId))];
    if (itemIds.length === 0) return [];
    return (await tx.execute<LineShares>(this.sharesOf(itemIds))).rows;
  }

  /** The shares of merged lines whose sum is shown (not those kept as written). */
  private sharesOf(itemIds: readonly string[]) {
    return sql`
      SELECT i.id, i.merge_key AS "mergeKey", i.food, array_agg(s.amount) AS amounts, array_agg(s.unit) AS units
      FROM shopping_items i JOIN shopping_item_sources s ON s.item_id = i.id
      WHERE i.id = ANY(${sql.param([...itemIds])}::uuid[]) AND i.merge_key IS NOT NULL
        AND i.merge_key NOT LIKE 'noqty|%'
      GROUP BY i.id`;
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
