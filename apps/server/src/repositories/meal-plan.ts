import { sql } from 'drizzle-orm';
import {
  DEFAULT_EVENT_MINUTES,
  DEFAULT_SLOT_TIMES,
  MEAL_PLAN_DAY_MAX_ENTRIES,
  MEAL_SLOTS,
  type MealPlanSettings,
  type MealSlot,
  type ParsedIngredient,
  type SlotTimes,
  addDays,
  mealPlanMessages,
} from '@forkful/contracts';
import type { Database, Executor } from '../db/client.js';
import { badRequest, conflict, notFound } from '../errors.js';
import { CARD_COLUMNS, type RecipeCardRow } from './recipe-rows.js';
import { activeSessionSql } from './sessions.js';

/*
 * A user's planned meals (issue 18, docs/decisions/024). Every statement is scoped by user_id, so another user's
 * entry id reads exactly like one that does not exist. Writes take the user's plan lock first (`lockUser`), so the
 * day cap and the dense positions hold under concurrent requests from several devices.
 */

export const slotNumber = (slot: MealSlot): number => MEAL_SLOTS.indexOf(slot);
export const slotName = (slot: number): MealSlot => MEAL_SLOTS[slot] ?? 'dinner';

/** A planned entry with its recipe's card columns (all null when the recipe is gone or no longer visible). */
export type MealPlanEntryRow = Partial<RecipeCardRow> & {
  entryId: string;
  clientId: string | null;
  date: string;
  slot: number;
  position: number;
  servings: number | null;
  note: string | null;
  recipeTitle: string | null;
  recipeServings: number | null;
  entryUpdatedAt: Date | string;
};

/** An entry's stored fields, read under a row lock before a change. */
export type LockedEntry = {
  date: string;
  slot: number;
  note: string | null;
  recipeTitle: string | null;
  servings: number | null;
  recipeServings: number | null;
};

/** A planned recipe's lines, for the shopping list. */
export type PlannedRecipeRow = {
  entryId: string;
  servings: number | null;
  recipeId: string;
  title: string;
  recipeServings: number | null;
  ingredients: string[];
  ingredientDetails: ParsedIngredient[] | null;
};

/** The per-user lock every plan and list write takes (a transaction-level advisory lock: released at commit). */
export async function lockUser(tx: Executor, userId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`forkful-plan:${userId}`}, 0))`);
}

const ENTRY_COLUMNS = `e.id AS "entryId", e.client_id AS "clientId", to_char(e.date, 'YYYY-MM-DD') AS date, e.slot,
    e.position, e.servings, e.note, e.recipe_title AS "recipeTitle", r.servings AS "recipeServings",
    e.updated_at AS "entryUpdatedAt", ${CARD_COLUMNS}`;
const ENTRY_FROM = `FROM meal_plan_entries e
  LEFT JOIN recipes r ON r.id = e.recipe_id AND (r.is_published OR r.author_id = e.user_id)
  LEFT JOIN users u ON u.id = r.author_id`;
const ENTRY_SELECT = sql.raw(`SELECT ${ENTRY_COLUMNS} ${ENTRY_FROM}`);

const RANGE_WHERE = `WHERE e.user_id = $1 AND e.date BETWEEN $2::date AND $3::date`;
/**
 * The week read (and the feed's and copy-week's reads) as a named prepared statement: planning it (joins of the plan,
 * recipes and users) took about 1.0 ms of the 1.4 ms the database spent on a week at 1M recipes; prepared once per
 * connection, later reads skip it.
 */
const RANGE_TEXT = `SELECT ${ENTRY_COLUMNS} ${ENTRY_FROM} ${RANGE_WHERE}
  ORDER BY e.date, e.slot, e.position, e.created_at, e.id`;

/**
 * A range's stamp (decision 024, "The list answer, kept"): a digest of which row versions its answer is made from.
 * Each entry gives its id and the ids of the transactions that wrote the versions it is read with (`xmin`): the
 * entry's, its recipe's (when visible to the planner) and the recipe author's. PostgreSQL writes every change of a
 * row (any column, the visibility too) as a new version with the writing transaction's id, and never changes a
 * version once written (freezing keeps the id), so an equal stamp means the same entries, recipes and authors as
 * they were, and so an equal answer; a recipe leaving or joining the planner's view changes which versions are read.
 * The earlier stamp digested the answer's own columns as text: the same guarantee, at the cost of writing ~20 KB of
 * text per read (bench/results/2026-11-27-week-stamp.md).
 */
const VERSION = `concat_ws(',', e.id, e.xmin, r.xmin, u.xmin) AS version`;
const stampOf = (rows: string) => `coalesce(md5(string_agg(${rows}.version, '|' ORDER BY ${rows}."entryId")), 'empty')`;
/** The stamp, and whether the reader's session ($4) is live: the week read's one statement while nothing changed. */
const RANGE_STAMP_TEXT = `SELECT ${activeSessionSql('$4', '$1')} AS active, (SELECT ${stampOf('x')}
  FROM (SELECT e.id AS "entryId", ${VERSION} ${ENTRY_FROM} ${RANGE_WHERE}) x) AS stamp`;
/** The range's rows, in the week's order, each with the range's stamp, in one statement (one snapshot). */
const RANGE_STAMPED_TEXT = `WITH x AS MATERIALIZED (
    SELECT ${ENTRY_COLUMNS}, e.created_at AS "entryCreatedAt", ${VERSION} ${ENTRY_FROM} ${RANGE_WHERE})
  SELECT x.*, (SELECT ${stampOf('y')} FROM x y) AS stamp FROM x
  ORDER BY x.date, x.slot, x.position, x."entryCreatedAt", x."entryId"`;

export class MealPlanRepository {
  constructor(private readonly db: Database) {}

  /** The entries of `from`..`to` (both included), in the order the week shows them. */
  async range(userId: string, from: string, to: string): Promise<MealPlanEntryRow[]> {
    const result = await this.db.$client.query<MealPlanEntryRow>({
      name: 'meal-plan-range',
      text: RANGE_TEXT,
      values: [userId, from, to],
    });
    return result.rows;
  }

  /**
   * The stamp of the range's answer as it is now, and whether the reader's session is live (the route checks it
   * here rather than in a statement of its own: `sessionCheckedByRoute`): one short row.
   */
  async rangeStamp(
    userId: string,
    sessionId: string,
    from: string,
    to: string,
  ): Promise<{ active: boolean; stamp: string }> {
    const result = await this.db.$client.query<{ active: boolean; stamp: string }>({
      name: 'meal-plan-range-stamp-session',
      text: RANGE_STAMP_TEXT,
      values: [userId, from, to, sessionId],
    });
    const row = result.rows[0];
    return { active: row?.active === true, stamp: row?.stamp ?? 'empty' };
  }

  /** The entries of the range, as `range`, with the stamp of exactly these rows. */
  async rangeStamped(userId: string, from: string, to: string): Promise<{ rows: MealPlanEntryRow[]; stamp: string }> {
    const result = await this.db.$client.query<MealPlanEntryRow & { stamp: string }>({
      name: 'meal-plan-range-stamped',
      text: RANGE_STAMPED_TEXT,
      values: [userId, from, to],
    });
    return { rows: result.rows, stamp: result.rows[0]?.stamp ?? 'empty' };
  }

  async findEntry(userId: string, entryId: string, tx: Executor = this.db): Promise<MealPlanEntryRow> {
    const result = await tx.execute<MealPlanEntryRow>(sql`${ENTRY_SELECT}
      WHERE e.user_id = ${userId} AND e.id = ${entryId}`);
    const row = result.rows[0];
    if (!row) throw notFound(mealPlanMessages.entryNotFound);
    return row;
  }

  async findByClientId(userId: string, clientId: string, tx: Executor): Promise<MealPlanEntryRow | undefined> {
    const result = await tx.execute<MealPlanEntryRow>(sql`${ENTRY_SELECT}
      WHERE e.user_id = ${userId} AND e.client_id = ${clientId}`);
    return result.rows[0];
  }

  /** The recipe's title when the user may plan it (published, or their own draft); 404 otherwise. */
  async plannableRecipeTitle(userId: string, recipeId: string, tx: Executor): Promise<string> {
    const result = await tx.execute<{ title: string }>(sql`
      SELECT title FROM recipes r WHERE r.id = ${recipeId} AND (r.is_published OR r.author_id = ${userId})`);
    const row = result.rows[0];
    if (!row) throw notFound(mealPlanMessages.recipeNotFound);
    return row.title;
  }

  private async assertRoom(userId: string, date: string, adding: number, tx: Executor): Promise<void> {
    const result = await tx.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM meal_plan_entries WHERE user_id = ${userId} AND date = ${date}::date`);
    if ((result.rows[0]?.n ?? 0) + adding > MEAL_PLAN_DAY_MAX_ENTRIES) throw conflict(mealPlanMessages.dayFull);
  }

  /** Inserts an entry at `position` in its slot (null: last). The caller holds the user's lock. */
  async insert(
    tx: Executor,
    userId: string,
    values: {
      clientId: string | null;
      date: string;
      slot: MealSlot;
      position: number | null;
      recipeId: string | null;
      recipeTitle: string | null;
      note: string | null;
      servings: number | null;
    },
  ): Promise<string> {
    await this.assertRoom(userId, values.date, 1, tx);
    const result = await tx.execute<{ id: string }>(sql`
      INSERT INTO meal_plan_entries (user_id, client_id, date, slot, position, recipe_id, recipe_title, note, servings)
      VALUES (${userId}, ${values.clientId}, ${values.date}::date, ${slotNumber(values.slot)}, 1000000,
        ${values.recipeId}, ${values.recipeTitle}, ${values.note}, ${values.servings})
      RETURNING id`);
    const id = result.rows[0]?.id;
    if (!id) throw new Error('meal plan insert returned nothing');
    await this.place(tx, userId, values.date, slotNumber(values.slot), id, values.position);
    return id;
  }

  /**
   * Puts `entryId` at `position` (null: last) among the entries of its day and slot, and numbers the slot 0..n-1.
   * With no `entryId`, only renumbers (after an entry left the slot).
   */
  private async place(
    tx: Executor,
    userId: string,
    date: string,
    slot: number,
    entryId: string | null,
    position: number | null,
  ): Promise<void> {
    const target = position ?? 1_000_000;
    await tx.execute(sql`
      WITH others AS (
        SELECT id, row_number() OVER (ORDER BY position, created_at, id) - 1 AS idx
        FROM meal_plan_entries
        WHERE user_id = ${userId} AND date = ${date}::date AND slot = ${slot}
          AND id IS DISTINCT FROM ${entryId}::uuid
      ), counted AS (SELECT count(*)::int AS n FROM others)
      UPDATE meal_plan_entries e SET position = CASE
          WHEN e.id = ${entryId}::uuid THEN LEAST(${target}::int, (SELECT n FROM counted))
          WHEN o.idx < ${target}::int THEN o.idx
          ELSE o.idx + 1 END
      FROM meal_plan_entries m LEFT JOIN others o ON o.id = m.id
      WHERE e.id = m.id AND m.user_id = ${userId} AND m.date = ${date}::date AND m.slot = ${slot}`);
  }

  /**
   * Locks and reads the stored fields of an entry for a change, with its recipe's servings while the user can see the
   * recipe (null otherwise); 404 when it is not the user's.
   */
  async lockEntry(tx: Executor, userId: string, entryId: string): Promise<LockedEntry> {
    const result = await tx.execute<LockedEntry>(sql`
      SELECT to_char(e.date, 'YYYY-MM-DD') AS date, e.slot, e.note, e.recipe_title AS "recipeTitle", e.servings,
        r.servings AS "recipeServings"
      FROM meal_plan_entries e
      LEFT JOIN recipes r ON r.id = e.recipe_id AND (r.is_published OR r.author_id = e.user_id)
      WHERE e.id = ${entryId} AND e.user_id = ${userId}
      FOR UPDATE OF e`);
    const row = result.rows[0];
    if (!row) throw notFound(mealPlanMessages.entryNotFound);
    return row;
  }

  /** Changes the fields given (the caller checked which apply and holds the user's lock). */
  async update(
    tx: Executor,
    userId: string,
    entryId: string,
    values: { date?: string; slot?: MealSlot; position?: number; servings?: number | null; note?: string },
  ): Promise<void> {
    const current = await this.lockEntry(tx, userId, entryId);
    const date = values.date ?? current.date;
    const slot = values.slot === undefined ? current.slot : slotNumber(values.slot);
    const moved = date !== current.date || slot !== current.slot;
    if (date !== current.date) await this.assertRoom(userId, date, 1, tx);
    await tx.execute(sql`
      UPDATE meal_plan_entries SET
        date = ${date}::date, slot = ${slot},
        servings = ${values.servings === undefined ? sql`servings` : sql`${values.servings}::int`},
        note = ${values.note === undefined ? sql`note` : sql`${values.note}`},
        position = ${moved ? 1_000_000 : sql`position`},
        updated_at = now()
      WHERE id = ${entryId} AND user_id = ${userId}`);
    if (moved) {
      await this.place(tx, userId, current.date, current.slot, null, null);
      await this.place(tx, userId, date, slot, entryId, values.position ?? null);
    } else if (values.position !== undefined) {
      await this.place(tx, userId, date, slot, entryId, values.position);
    }
  }

  /** Deletes the entry and closes the gap in its slot; 404 when it is not the user's. */
  async delete(tx: Executor, userId: string, entryId: string): Promise<void> {
    const result = await tx.execute<{ date: string; slot: number }>(sql`
      DELETE FROM meal_plan_entries WHERE id = ${entryId} AND user_id = ${userId}
      RETURNING to_char(date, 'YYYY-MM-DD') AS date, slot`);
    const row = result.rows[0];
    if (!row) throw notFound(mealPlanMessages.entryNotFound);
    await this.place(tx, userId, row.date, row.slot, null, null);
  }

  /**
   * Adds the entries of the week starting `from` to the week starting `to`, after what each slot already holds.
   * Each copy's client_id is derived from its source and the target week, so the same copy twice adds nothing.
   * A planned recipe no longer available is not copied. Returns how many were added.
   */
  async copyWeek(tx: Executor, userId: string, from: string, to: string): Promise<number> {
    const lastDay = addDays(from, 6);
    const pending = sql`
      SELECT e.*, (e.date + (${to}::date - ${from}::date)) AS target_date,
        md5(e.id::text || ':' || ${to})::uuid AS copy_id
      FROM meal_plan_entries e
      WHERE e.user_id = ${userId} AND e.date BETWEEN ${from}::date AND ${lastDay}::date
        AND (e.note IS NOT NULL OR EXISTS (
          SELECT 1 FROM recipes r WHERE r.id = e.recipe_id AND (r.is_published OR r.author_id = ${userId})))
        AND NOT EXISTS (
          SELECT 1 FROM meal_plan_entries c
          WHERE c.user_id = ${userId} AND c.client_id = md5(e.id::text || ':' || ${to})::uuid)`;
    const full = await tx.execute<{ n: number }>(sql`
      WITH p AS (${pending})
      SELECT count(*)::int AS n FROM (
        SELECT p.target_date, count(*) + (
          SELECT count(*) FROM meal_plan_entries t WHERE t.user_id = ${userId} AND t.date = p.target_date) AS total
        FROM p GROUP BY p.target_date) days
      WHERE total > ${MEAL_PLAN_DAY_MAX_ENTRIES}`);
    if ((full.rows[0]?.n ?? 0) > 0) throw conflict(mealPlanMessages.dayFull);
    const inserted = await tx.execute(sql`
      WITH p AS (${pending})
      INSERT INTO meal_plan_entries (user_id, client_id, date, slot, position, recipe_id, recipe_title, note, servings)
      SELECT ${userId}, p.copy_id, p.target_date, p.slot,
        COALESCE((SELECT max(t.position) + 1 FROM meal_plan_entries t
                  WHERE t.user_id = ${userId} AND t.date = p.target_date AND t.slot = p.slot), 0)
          + row_number() OVER (PARTITION BY p.target_date, p.slot ORDER BY p.position, p.created_at, p.id) - 1,
        p.recipe_id, p.recipe_title, p.note, p.servings
      FROM p
      ON CONFLICT (user_id, client_id) WHERE client_id IS NOT NULL DO NOTHING`);
    return inserted.rowCount ?? 0;
  }

  /** The planned recipes of a range that the user can still see, with their lines (for the shopping list). */
  async plannedRecipes(tx: Executor, userId: string, from: string, to: string): Promise<PlannedRecipeRow[]> {
    const result = await tx.execute<PlannedRecipeRow>(sql`
      SELECT e.id AS "entryId", e.servings, r.id AS "recipeId", r.title, r.servings AS "recipeServings",
        r.ingredients, r.ingredient_details AS "ingredientDetails"
      FROM meal_plan_entries e
      JOIN recipes r ON r.id = e.recipe_id AND (r.is_published OR r.author_id = e.user_id)
      WHERE e.user_id = ${userId} AND e.date BETWEEN ${from}::date AND ${to}::date
      ORDER BY e.date, e.slot, e.position`);
    return result.rows;
  }

  async settings(userId: string, tx: Executor = this.db): Promise<MealPlanSettings> {
    const result = await tx.execute<{ slotTimes: Partial<SlotTimes>; eventMinutes: number }>(sql`
      SELECT slot_times AS "slotTimes", event_minutes AS "eventMinutes" FROM meal_plan_settings
      WHERE user_id = ${userId}`);
    const row = result.rows[0];
    return {
      slotTimes: { ...DEFAULT_SLOT_TIMES, ...(row?.slotTimes ?? {}) },
      eventMinutes: row?.eventMinutes ?? DEFAULT_EVENT_MINUTES,
    };
  }

  async updateSettings(
    userId: string,
    values: { slotTimes?: Partial<SlotTimes>; eventMinutes?: number },
  ): Promise<MealPlanSettings> {
    return this.db.transaction(async (tx) => {
      await lockUser(tx, userId);
      const current = await this.settings(userId, tx);
      const next = {
        slotTimes: { ...current.slotTimes, ...values.slotTimes },
        eventMinutes: values.eventMinutes ?? current.eventMinutes,
      };
      await tx.execute(sql`
        INSERT INTO meal_plan_settings (user_id, slot_times, event_minutes)
        VALUES (${userId}, ${JSON.stringify(next.slotTimes)}::jsonb, ${next.eventMinutes})
        ON CONFLICT (user_id) DO UPDATE SET slot_times = EXCLUDED.slot_times, event_minutes = EXCLUDED.event_minutes,
          updated_at = now()`);
      return next;
    });
  }

  async feed(userId: string): Promise<{ nonce: string; createdAt: Date } | undefined> {
    const result = await this.db.execute<{ nonce: string; createdAt: Date }>(sql`
      SELECT nonce, created_at AS "createdAt" FROM meal_plan_calendar_feeds WHERE user_id = ${userId}`);
    return result.rows[0];
  }

  /** Stores a feed's nonce and token hash: creates it, or (replace) regenerates it, revoking the old token. */
  async saveFeed(
    userId: string,
    nonce: string,
    tokenHash: string,
    replace: boolean,
  ): Promise<{ nonce: string; createdAt: Date }> {
    const result = await this.db.execute<{ nonce: string; createdAt: Date }>(sql`
      INSERT INTO meal_plan_calendar_feeds (user_id, nonce, token_hash) VALUES (${userId}, ${nonce}, ${tokenHash})
      ON CONFLICT (user_id) DO ${
        replace
          ? sql`UPDATE SET nonce = EXCLUDED.nonce, token_hash = EXCLUDED.token_hash, created_at = now()`
          : sql`UPDATE SET nonce = meal_plan_calendar_feeds.nonce`
      }
      RETURNING nonce, created_at AS "createdAt"`);
    const row = result.rows[0];
    if (!row) throw new Error('calendar feed upsert returned nothing');
    return row;
  }

  async deleteFeed(userId: string): Promise<boolean> {
    const result = await this.db.execute(sql`DELETE FROM meal_plan_calendar_feeds WHERE user_id = ${userId}`);
    return (result.rowCount ?? 0) > 0;
  }

  /** The user whose feed token hashes to `tokenHash`, if any. */
  async feedOwner(tokenHash: string): Promise<string | undefined> {
    const result = await this.db.execute<{ userId: string }>(sql`
      SELECT user_id AS "userId" FROM meal_plan_calendar_feeds WHERE token_hash = ${tokenHash}`);
    return result.rows[0]?.userId;
  }
}

/** Throws the 400 for a field that does not apply to this kind of entry. */
export function checkEntryFields(
  entry: { note: string | null },
  values: { servings?: number | null; title?: string },
): void {
  if (entry.note === null && values.title !== undefined) throw badRequest(mealPlanMessages.titleOnRecipe);
  if (entry.note !== null && values.servings != null) throw badRequest(mealPlanMessages.servingsOnNote);
}
