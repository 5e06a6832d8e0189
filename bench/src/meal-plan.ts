/*
 * Meal planner and shopping list, interleaved (issue 18): `npx tsx --conditions=@forkful/source bench/src/meal-plan.ts
 * [--from forkful_bench_10k] [--rounds 300] [--reuse]`. `--reuse` keeps the copy an earlier run made.
 *
 * `npm run bench` measures the same scenarios under load (planWeek, shoppingList, addWeek in meal-plan-scenarios.ts,
 * with their targets). This one copies a database the main bench generated (`npm run bench -- --sizes 10k` makes
 * forkful_bench_10k), plans its meals with the main bench's own step (meal-plan-data.ts; a copy that has them keeps
 * them), builds the app in this process and measures, interleaved so the machine's load falls on all alike, one
 * request at a time through app.inject (the server's own work, no network):
 *   view    GET /recipes/{id}/view-recipe (random published ids): the reference
 *   week    GET /meal-plan?from=…&to=… (a random planned week of a random bench planner)
 *   list    GET /shopping-list (a bench planner's list, built from a week)
 *   addWeek POST /shopping-list/from-meal-plan for one week (21 planned recipes) on an emptied list
 * and prints p50/p95 of each: figures for comparing the scenarios with each other on the same run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { connectDatabase } from '../../apps/server/src/db/client.js';
import { runMigrations } from '../../apps/server/src/db/migrate.js';
import { BENCH_PASSWORD, benchEmail } from './generate.js';
import { PLAN_FIRST_MONDAY, PLANNED_WEEKS, planMeals } from './meal-plan-data.js';

const { values } = parseArgs({
  options: {
    from: { type: 'string', default: 'forkful_bench_10k' },
    rounds: { type: 'string', default: '300' },
    reuse: { type: 'boolean', default: false },
    admin: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});
const WEEKS = PLANNED_WEEKS;
const ROUNDS = Number(values.rounds);
const FIRST_MONDAY = PLAN_FIRST_MONDAY;
const USERS = 20;
const target = `forkful_bench_mealplan_${values.from.replace(/^forkful_bench_/, '')}`;

function urlOf(database: string): string {
  const url = new URL(values.admin);
  url.pathname = `/${database}`;
  return url.toString();
}

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

async function main(): Promise<void> {
  const admin = new pg.Client({ connectionString: values.admin });
  await admin.connect();
  const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [target])).rowCount === 1;
  const reuse = values.reuse && exists;
  if (!reuse) {
    await admin.query(`DROP DATABASE IF EXISTS "${target}" WITH (FORCE)`);
    const copying = performance.now();
    await admin.query(`CREATE DATABASE "${target}" TEMPLATE "${values.from}"`);
    console.info(`copied ${values.from} → ${target} in ${((performance.now() - copying) / 1000).toFixed(1)} s`);
  }
  await admin.end();

  const database = connectDatabase(urlOf(target), 10);
  await runMigrations(database.db);
  const pool = database.pool;
  const recipes = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM recipes');
  await planMeals(urlOf(target), recipes.rows[0]?.n ?? 0, console.info);
  const entries = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM meal_plan_entries');
  console.info(`${entries.rows[0]?.n} planned entries`);
  const ids = (
    await pool.query<{ id: string }>('SELECT id FROM recipes WHERE is_published ORDER BY random_key LIMIT 2000')
  ).rows.map((row) => row.id);

  const dataDir = mkdtempSync(path.join(tmpdir(), 'forkful-bench-mealplan-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: urlOf(target),
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '100000000',
    AUTH_RATE_LIMIT_MAX: '100000000',
  });
  const app = await buildApp({ config, db: database.db, logger: false });
  await app.ready();
  const cookies: string[] = [];
  const userIds: string[] = [];
  for (let user = 1; user <= USERS; user++) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { email: benchEmail(user), password: BENCH_PASSWORD },
    });
    if (response.statusCode !== 200) throw new Error(`log-in failed: ${response.statusCode} ${response.body}`);
    cookies.push(response.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; '));
    userIds.push(response.json().data.user._id as string);
  }

  let seed = 1;
  const random = () => {
    seed = (seed * 48271) % 2147483647;
    return seed / 2147483647;
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const timed = async (method: 'GET' | 'POST', url: string, cookie?: string, payload?: object) => {
    const begin = performance.now();
    const response = await app.inject({
      method,
      url,
      ...(cookie ? { headers: { cookie } } : {}),
      ...(payload ? { payload } : {}),
    });
    const ms = performance.now() - begin;
    if (response.statusCode !== 200) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return { ms, body: response };
  };

  // Each bench user's list starts with one week added.
  for (const cookie of cookies) {
    await timed('POST', '/api/v1/shopping-list/from-meal-plan', cookie, {
      from: FIRST_MONDAY,
      to: addDays(FIRST_MONDAY, 6),
    });
  }
  const samples: Record<'view' | 'week' | 'list' | 'addWeek', number[]> = { view: [], week: [], list: [], addWeek: [] };
  const lines: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    samples.view.push((await timed('GET', `/api/v1/recipes/${pick(ids)}/view-recipe`)).ms);
    const monday = addDays(FIRST_MONDAY, 7 * Math.floor(random() * WEEKS));
    const user = Math.floor(random() * USERS);
    samples.week.push(
      (await timed('GET', `/api/v1/meal-plan?from=${monday}&to=${addDays(monday, 6)}`, cookies[user])).ms,
    );
    samples.list.push((await timed('GET', '/api/v1/shopping-list', cookies[user])).ms);
    if (round % 3 === 0) {
      // 'Add this week' on an emptied list: 21 planned recipes, each line merged or new.
      const other = (user + 1) % USERS;
      await pool.query('DELETE FROM shopping_items WHERE user_id = $1', [userIds[other]]);
      const added = await timed('POST', '/api/v1/shopping-list/from-meal-plan', cookies[other], {
        from: monday,
        to: addDays(monday, 6),
      });
      samples.addWeek.push(added.ms);
      lines.push(added.body.json().data.items.length as number);
    }
  }
  const load = (await import('node:os')).loadavg().map((value) => value.toFixed(1));
  console.info(`\n${ROUNDS} rounds, one request at a time (app.inject), load average ${load.join(' ')}`);
  console.info('| scenario | p50 ms | p95 ms | samples |\n|---|---|---|---|');
  for (const [key, list] of Object.entries(samples)) {
    console.info(
      `| ${key} | ${percentile(list, 50).toFixed(2)} | ${percentile(list, 95).toFixed(2)} | ${list.length} |`,
    );
  }
  console.info(`week ÷ view p50: ${(percentile(samples.week, 50) / percentile(samples.view, 50)).toFixed(2)}`);
  console.info(`list ÷ view p50: ${(percentile(samples.list, 50) / percentile(samples.view, 50)).toFixed(2)}`);
  console.info(`lines per added week: median ${percentile(lines, 50)}`);
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
