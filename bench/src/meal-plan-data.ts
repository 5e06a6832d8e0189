import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { benchEmail } from './generate.js';

/*
 * The planned meals of the meal-planner scenarios (issue 18): a step of its own after the generator, on a database
 * the generator made (or reused), so a generated database is kept and only the plans are added. Idempotent: its
 * marker is the comment on meal_plan_entries, and a database that carries it is left as it is. The generator's own
 * marker (the database's comment, GENERATOR_VERSION) is not touched.
 *
 * 2 planned entries per recipe (1M recipes: 2,000,000 entries for 100,000 users), of which the bench's planners
 * (cook1…cook40, the users the scenarios log in as) hold PLANNED_WEEKS full weeks each, breakfast, lunch and dinner
 * (21 planned recipes a week); everyone else shares the rest, about 20 entries each, on days spread over 18 months.
 * Recipes are published ones, picked by a pure function of user, day and slot; servings 1–4.
 */

export const PLAN_FIRST_MONDAY = '2026-11-30';
/** cook1…cook20 read their week and list; cook21…cook40 add weeks to an emptied list. */
export const PLANNERS = 40;
export const PLANNED_WEEKS = 52;
const VERSION = 1;

export const plannedEntries = (recipes: number) => Math.max(2 * recipes, PLANNERS * PLANNED_WEEKS * 21);
const marker = (recipes: number) =>
  `forkful-bench meal plans v${VERSION} entries=${plannedEntries(recipes)} planners=${PLANNERS}x${PLANNED_WEEKS}`;

export interface MealPlanLoad {
  entries: number;
  seconds: number;
  reused: boolean;
}

/** Plans the meals, unless this database already holds this step's plans. */
export async function planMeals(url: string, recipes: number, log: (line: string) => void): Promise<MealPlanLoad> {
  const started = performance.now();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const note = await client.query<{ note: string | null }>(
      `SELECT obj_description('meal_plan_entries'::regclass, 'pg_class') AS note`,
    );
    if (note.rows[0]?.note === marker(recipes)) {
      const count = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM meal_plan_entries`);
      const entries = count.rows[0]?.n ?? 0;
      log(`  planned meals: ${entries.toLocaleString('en')} already there (reused)`);
      return { entries, seconds: 0, reused: true };
    }
    log(`  planning ${plannedEntries(recipes).toLocaleString('en')} meals`);
    const planners = Array.from({ length: PLANNERS }, (_, i) => benchEmail(i + 1));
    // One transaction: a run stopped half-way leaves the table as it was, without its marker.
    await client.query('BEGIN');
    // Users and recipes exist by construction; replica mode skips the two foreign-key checks per row.
    await client.query(`SET LOCAL session_replication_role = replica`);
    await client.query(`SET LOCAL synchronous_commit = off`);
    await client.query(`SET LOCAL maintenance_work_mem = '512MB'`);
    await client.query(`SET LOCAL work_mem = '64MB'`);
    await client.query(`TRUNCATE meal_plan_entries, shopping_item_sources, shopping_items`);
    // The secondary indexes are built once after the load, not row by row.
    const indexes = await client.query<{ name: string; definition: string }>(
      `SELECT ci.relname AS name, pg_get_indexdef(i.indexrelid) AS definition
       FROM pg_index i JOIN pg_class ci ON ci.oid = i.indexrelid
       WHERE i.indrelid = 'meal_plan_entries'::regclass AND NOT i.indisprimary`,
    );
    for (const index of indexes.rows) await client.query(`DROP INDEX ${index.name}`);
    const published = `published AS (
        SELECT id, title, (row_number() OVER (ORDER BY id) - 1)::int AS k FROM recipes WHERE is_published),
      total AS (SELECT count(*)::int AS n FROM published)`;
    const heavy = await client.query(
      `WITH ${published},
       planners AS (SELECT id, row_number() OVER (ORDER BY email)::int AS n FROM users WHERE email = ANY($3)),
       slots AS (
         SELECT p.id AS user_id, p.n, w, d, s FROM planners p
         CROSS JOIN generate_series(0, $2::int - 1) w CROSS JOIN generate_series(0, 6) d
         CROSS JOIN generate_series(0, 2) s)
       INSERT INTO meal_plan_entries (user_id, date, slot, position, recipe_id, recipe_title, servings)
       SELECT x.user_id, $1::date + (x.w * 7 + x.d), x.s, 0, r.id, r.title, 1 + ((x.n + x.w + x.d + x.s) % 4)
       FROM slots x CROSS JOIN total
       JOIN published r ON r.k = (x.n * 7919 + x.w * 21 + x.d * 3 + x.s) % total.n`,
      [PLAN_FIRST_MONDAY, PLANNED_WEEKS, planners],
    );
    const rest = Math.max(0, plannedEntries(recipes) - (heavy.rowCount ?? 0));
    // Entry i goes to user i mod the others' count, as that user's (i div count)-th meal: consecutive slots from a
    // week of their own, between 26 weeks before the first Monday and 52 after.
    const others = await client.query(
      `WITH ${published},
       people AS (
         SELECT id, (row_number() OVER (ORDER BY id) - 1)::int AS k FROM users WHERE email <> ALL($3)),
       counted AS (SELECT count(*)::int AS n FROM people)
       INSERT INTO meal_plan_entries (user_id, date, slot, position, recipe_id, recipe_title, servings)
       SELECT p.id, $1::date + 7 * ((p.k * 37) % 78 - 26) + (i / c.n) / 3, (i / c.n) % 3, 0, r.id, r.title,
         1 + (i % 4)
       FROM generate_series(0, $2::int - 1) i CROSS JOIN counted c CROSS JOIN total
       JOIN people p ON p.k = i % c.n
       JOIN published r ON r.k = ((i::bigint * 2654435761) % total.n)::int`,
      [PLAN_FIRST_MONDAY, rest, planners],
    );
    for (const index of indexes.rows) await client.query(index.definition);
    await client.query(`COMMENT ON TABLE meal_plan_entries IS '${marker(recipes)}'`);
    await client.query('COMMIT');
    for (const table of ['meal_plan_entries', 'shopping_items', 'shopping_item_sources']) {
      await client.query(`VACUUM (ANALYZE) ${table}`);
    }
    const entries = (heavy.rowCount ?? 0) + (others.rowCount ?? 0);
    const seconds = (performance.now() - started) / 1000;
    log(`  planned ${entries.toLocaleString('en')} meals in ${seconds.toFixed(0)} s`);
    return { entries, seconds, reused: false };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}
