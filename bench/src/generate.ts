import { readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { recipesSql, reviewsSql, savesSql, shapeOf, usersSql, vocabularyParams, type Shape } from './generate-sql.js';
import { migrate, repoRoot, serverModule, serverModules } from './server-modules.js';
import * as vocabulary from './vocabulary.js';

export const BENCH_PASSWORD = 'bench-password-1234';
export const benchEmail = (user: number) => `cook${user}@bench.forkful.test`;
const GENERATOR_VERSION = 4;
const TABLES = ['users', 'recipes', 'reviews', 'saved_recipes', 'recipe_title_words'];

export interface LoadReport {
  recipes: number;
  users: number;
  reviews: number;
  saves: number;
  seconds: number;
  reused: boolean;
}

function migrationCount(): number {
  const journal = path.join(repoRoot, 'apps', 'server', 'drizzle', 'meta', '_journal.json');
  return (JSON.parse(readFileSync(journal, 'utf8')) as { entries: unknown[] }).entries.length;
}

const marker = (recipes: number) =>
  `forkful-bench v${GENERATOR_VERSION} recipes=${recipes} migrations=${migrationCount()}`;

function withDatabase(url: string, name: string): string {
  const next = new URL(url);
  next.pathname = `/${name}`;
  return next.toString();
}

/** (Re)creates a database on the local server; with `reuse`, keeps one a finished earlier run left. */
export async function prepareDatabase(
  adminUrl: string,
  name: string,
  recipes: number,
  reuse: boolean,
): Promise<{ url: string; reusable: boolean }> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const found = await admin.query<{ note: string | null }>(
      `SELECT shobj_description(oid, 'pg_database') AS note FROM pg_database WHERE datname = $1`,
      [name],
    );
    if (reuse && found.rows[0]?.note === marker(recipes)) return { url: withDatabase(adminUrl, name), reusable: true };
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
    return { url: withDatabase(adminUrl, name), reusable: false };
  } finally {
    await admin.end();
  }
}

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  // Foreign keys are satisfied by construction; replica mode skips their per-row triggers during the load.
  await client.query(`SET session_replication_role = replica`);
  await client.query(`SET synchronous_commit = off`);
  await client.query(`SET maintenance_work_mem = '512MB'`);
  await client.query(`SET work_mem = '64MB'`);
  return client;
}

async function inBatches(
  client: pg.Client,
  text: string,
  total: number,
  batch: number,
  params: unknown[],
  onBatch: (done: number) => void,
): Promise<number> {
  let inserted = 0;
  for (let first = 1; first <= total; first += batch) {
    const last = Math.min(total, first + batch - 1);
    const result = await client.query(text, [...params.slice(0, 12), first, last, ...params.slice(12)]);
    inserted += result.rowCount ?? 0;
    onBatch(last);
  }
  return inserted;
}

/** Secondary indexes (not those behind a primary key) are dropped for the load and built again afterwards. */
async function dropSecondaryIndexes(client: pg.Client): Promise<string[]> {
  const result = await client.query<{ name: string; definition: string }>(
    `SELECT ci.relname AS name, pg_get_indexdef(i.indexrelid) AS definition
     FROM pg_index i JOIN pg_class ci ON ci.oid = i.indexrelid JOIN pg_class ct ON ct.oid = i.indrelid
     WHERE ct.relname = ANY($1) AND ct.relnamespace = 'public'::regnamespace
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)
     ORDER BY pg_relation_size(i.indrelid) DESC`,
    [TABLES],
  );
  for (const row of result.rows) await client.query(`DROP INDEX ${row.name}`);
  return result.rows.map((row) => row.definition);
}

async function everyOnBoth<T>(items: T[], clients: pg.Client[], work: (client: pg.Client, item: T) => Promise<void>) {
  const queue = [...items];
  await Promise.all(
    clients.map(async (client) => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(client, item);
    }),
  );
}

/** The vocabulary's ingredient lines read by the server's own parser, as JSON texts ($15 of recipesSql). */
async function ingredientDetailsParam(): Promise<string[]> {
  const { parseIngredientLines } = await serverModule<{ parseIngredientLines: (lines: string[]) => unknown[] }>(
    'services/ingredients/parse.js',
  );
  return parseIngredientLines(vocabulary.ingredients).map((details) => JSON.stringify(details));
}

/**
 * Fills a migrated, empty database: users, recipes (with their rating sums), ~5 reviews per recipe, saves. Two
 * connections load in parallel (one core each), then rebuild the indexes, then VACUUM ANALYZE and CHECKPOINT, so
 * neither autovacuum nor a checkpoint lands in the middle of a measurement.
 */
export async function generate(url: string, recipes: number, log: (line: string) => void): Promise<LoadReport> {
  const started = performance.now();
  const shape: Shape = shapeOf(recipes);
  await migrate(url);
  const passwordHash = await (await serverModules()).hashPassword(BENCH_PASSWORD);
  const params = vocabularyParams(new Date());
  const clients = await Promise.all([connect(url), connect(url)]);
  const [a, b] = clients as [pg.Client, pg.Client];
  try {
    const indexes = await dropSecondaryIndexes(a);
    const progress = (what: string, total: number) => {
      let shown = 0;
      return (done: number) => {
        if (done - shown >= total / 4 || done === total) {
          shown = done;
          log(`  ${what}: ${done.toLocaleString('en')}/${total.toLocaleString('en')}`);
        }
      };
    };
    const [counts] = await Promise.all([
      (async () => {
        const users = await inBatches(a, usersSql(), shape.users, 50_000, [...params, passwordHash], () => undefined);
        const details = await ingredientDetailsParam();
        await inBatches(a, recipesSql(shape), recipes, 20_000, [...params, details], progress('recipes', recipes));
        return { users };
      })(),
      (async () => {
        await inBatches(b, reviewsSql(shape), recipes, 20_000, params, progress('reviews of recipes', recipes));
        await inBatches(b, savesSql(shape), shape.users, 20_000, params, () => undefined);
      })(),
    ]);
    await fillTitleWordPostings(a);
    log(`  rows in after ${((performance.now() - started) / 1000).toFixed(0)} s; building ${indexes.length} indexes`);
    await everyOnBoth(indexes, clients, async (client, definition) => {
      await client.query(definition);
    });
    await refreshDerivedCounts(a);
    // One table at a time: a VACUUM beside another connection's ANALYZE left every page of a table not all-visible
    // (seen at 10k), so its index-only scans read the heap and the planner costed them as such.
    for (const table of TABLES) await a.query(`VACUUM (ANALYZE) ${table}`);
    await a.query('CHECKPOINT');
    const totals = await a.query<{ reviews: string; saves: string }>(
      `SELECT (SELECT count(*) FROM reviews) AS reviews, (SELECT count(*) FROM saved_recipes) AS saves`,
    );
    const report: LoadReport = {
      recipes,
      users: counts.users,
      reviews: Number(totals.rows[0]?.reviews ?? 0),
      saves: Number(totals.rows[0]?.saves ?? 0),
      seconds: (performance.now() - started) / 1000,
      reused: false,
    };
    const database = new URL(url).pathname.slice(1);
    await a.query(`COMMENT ON DATABASE ${database} IS '${marker(recipes)}'`);
    return report;
  } finally {
    await Promise.all(clients.map((client) => client.end()));
  }
}

/**
 * The title words of every published recipe with its review count (migration 0003), which the recipes trigger keeps
 * in step and replica mode skips: filled from the loaded rows before the indexes are built.
 */
async function fillTitleWordPostings(client: pg.Client): Promise<void> {
  await client.query(`INSERT INTO recipe_title_words (recipe_id, word, total_reviews)
                      SELECT id, title_postings_of(title_norm), total_reviews FROM recipes WHERE is_published`);
}

/** What triggers keep (skipped in replica mode) is set from the loaded rows: the published count, title words. */
async function refreshDerivedCounts(client: pg.Client): Promise<void> {
  const table = await client.query(`SELECT to_regclass('public.recipe_counts') IS NOT NULL AS present`);
  if (!(table.rows[0] as { present: boolean }).present) return;
  await client.query(`UPDATE recipe_counts SET published = (SELECT count(*) FROM recipes WHERE is_published)`);
  const words = await client.query(`SELECT to_regclass('public.title_words') IS NOT NULL AS present`);
  if (!(words.rows[0] as { present: boolean }).present) return;
  await client.query(`INSERT INTO title_words (word) SELECT DISTINCT title_words_of(title_norm) FROM recipes
                      ON CONFLICT DO NOTHING`);
}

/** Counts of a reused database, for the report. */
export async function describeDatabase(url: string, recipes: number): Promise<LoadReport> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<Record<'users' | 'reviews' | 'saves', string>>(
      `SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM reviews) AS reviews,
              (SELECT count(*) FROM saved_recipes) AS saves`,
    );
    const row = result.rows[0];
    return {
      recipes,
      users: Number(row?.users ?? 0),
      reviews: Number(row?.reviews ?? 0),
      saves: Number(row?.saves ?? 0),
      seconds: 0,
      reused: true,
    };
  } finally {
    await client.end();
  }
}
