import { performance } from 'node:perf_hooks';
import pg from 'pg';
import type { Explained } from './api-bench.js';
import { benchEmail } from './generate.js';
import { measure, type LoadResult } from './load.js';
import { PLAN_FIRST_MONDAY, PLANNED_WEEKS, PLANNERS } from './meal-plan-data.js';
import { serverModule, serverModules } from './server-modules.js';
import { logInAs, seeded, type Scenario } from './workload.js';

/*
 * The meal planner's scenarios (issue 18; data from meal-plan-data.ts), measured beside 'view' at the same size:
 *   planWeek      GET /meal-plan?from&to, a random one of 52 planned weeks (21 recipes) of cook1…cook20
 *   shoppingList  GET /shopping-list of cook1…cook20, each list built from their first week (~90 lines, ~190 sources)
 *   addWeek       POST /shopping-list/from-meal-plan, 21 planned recipes onto an emptied list, one request at a time
 * Targets (targets.ts): planWeek and shoppingList p50 ≤ 1.5 × view's p50; addWeek p50 < 100 ms. No ceiling server
 * (its routes are the recipe ones). The first two run under the usual load; addWeek clears the list before each
 * request (not timed), so every request adds a whole week, and so runs one at a time: its p50 is the server's time.
 */

const API = '/api/v1';
/** The scenarios' keys, for `--only`. */
export const MEAL_PLAN_KEYS = ['planWeek', 'shoppingList', 'addWeek'];
const READERS = 20;

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

const weekOf = (week: number) => ({
  from: addDays(PLAN_FIRST_MONDAY, 7 * week),
  to: addDays(PLAN_FIRST_MONDAY, 7 * week + 6),
});

async function addWeek(baseUrl: string, cookie: string, week: number): Promise<Response> {
  return fetch(`${baseUrl}${API}/shopping-list/from-meal-plan`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', cookie },
    body: JSON.stringify(weekOf(week)),
  });
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

type Planner = { userId: string; cookie: string };

/**
 * The planners' sessions, logged in again before a scenario when older than five minutes: access tokens last 15
 * (ACCESS_TOKEN_TTL_SECONDS), and at 1M the scenarios before these can take longer than that.
 */
function sessionsOf(baseUrl: string): () => Promise<Planner[]> {
  let planners: Planner[] = [];
  let at = 0;
  return async () => {
    if (planners.length === 0 || performance.now() - at > 5 * 60_000) {
      const fresh: Planner[] = [];
      for (let user = 1; user <= PLANNERS; user++) fresh.push(await logInAs(baseUrl, user));
      planners = fresh;
      at = performance.now();
    }
    return planners;
  };
}

/**
 * Logs the planners in and gives each reader a list built from their first week; returns the three scenarios.
 * `databaseUrl` is used to empty the adders' lists between requests.
 */
export async function mealPlanScenarios(baseUrl: string, databaseUrl: string): Promise<Scenario[]> {
  const sessions = sessionsOf(baseUrl);
  let planners = await sessions();
  const readers = () => planners.slice(0, READERS);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`DELETE FROM shopping_items WHERE user_id = ANY($1::uuid[])`, [
      readers().map((reader) => reader.userId),
    ]);
  } finally {
    await client.end();
  }
  for (const reader of readers()) {
    const response = await addWeek(baseUrl, reader.cookie, 0);
    if (response.status !== 200) throw new Error(`building a bench list failed: ${response.status}`);
  }

  const pickWith = (seed: number) => {
    const random = seeded(seed);
    return { random, pick: <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T };
  };
  /** The load generator's run, after the sessions are made fresh. */
  const loaded = (scenario: Scenario) => async (seconds: number) => {
    planners = await sessions();
    return measure(baseUrl, scenario.requests('app'), seconds, scenario.connections);
  };
  const planWeek: Scenario = {
    key: 'planWeek',
    name: 'Meal plan: a week (21 planned recipes)',
    noCeiling: true,
    requests: () => {
      const { random, pick } = pickWith(21);
      return () => {
        const { from, to } = weekOf(Math.floor(random() * PLANNED_WEEKS));
        return { method: 'GET', path: `${API}/meal-plan?from=${from}&to=${to}`, cookie: pick(readers()).cookie };
      };
    },
  };
  const shoppingList: Scenario = {
    key: 'shoppingList',
    name: 'Shopping list (built from a week)',
    noCeiling: true,
    requests: () => {
      const { pick } = pickWith(22);
      return () => ({ method: 'GET', path: `${API}/shopping-list`, cookie: pick(readers()).cookie });
    },
  };
  return [
    { ...planWeek, run: loaded(planWeek) },
    { ...shoppingList, run: loaded(shoppingList) },
    {
      key: 'addWeek',
      name: 'Add this week to the list (21 planned recipes, emptied list; 1 connection)',
      noCeiling: true,
      connections: 1,
      // Never used: run() measures (and no ceiling runs it).
      requests: () => () => ({ method: 'GET', path: `${API}/shopping-list` }),
      run: async (seconds) => {
        planners = await sessions();
        return addWeeks(baseUrl, databaseUrl, planners.slice(READERS), seconds);
      },
    },
  ];
}

/** One request at a time for `seconds`: empty an adder's list (not timed), then add one of their weeks (timed). */
async function addWeeks(
  baseUrl: string,
  databaseUrl: string,
  adders: readonly Planner[],
  seconds: number,
): Promise<LoadResult> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const latencies: number[] = [];
  let errors = 0;
  let timed = 0;
  try {
    const until = performance.now() + seconds * 1000;
    for (let n = 0; performance.now() < until; n++) {
      const adder = adders[n % adders.length];
      if (!adder) break;
      await client.query(`DELETE FROM shopping_items WHERE user_id = $1`, [adder.userId]);
      const begin = performance.now();
      const response = await addWeek(baseUrl, adder.cookie, Math.floor(n / adders.length) % PLANNED_WEEKS);
      await response.arrayBuffer();
      const ms = performance.now() - begin;
      timed += ms;
      if (response.status === 200) latencies.push(ms);
      else errors++;
    }
  } finally {
    await client.end();
  }
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    requestsPerSecond: timed > 0 ? (latencies.length + errors) / (timed / 1000) : 0,
    p50: Math.round(percentile(sorted, 50) * 10) / 10,
    p99: Math.round(percentile(sorted, 99) * 10) / 10,
    requests: latencies.length + errors,
    errors,
  };
}

/**
 * The plans of the statements each scenario runs, from the server's own repositories (no copy of their SQL):
 * auto_explain on the one connection they use reports every statement, with ANALYZE and BUFFERS, as a notice.
 */
export async function explainMealPlan(databaseUrl: string): Promise<Explained[]> {
  const { connectDatabase } = await serverModules();
  const database = connectDatabase(databaseUrl, 1) as { db: unknown; pool: pg.Pool; close: () => Promise<void> };
  const plans: string[] = [];
  database.pool.on('connect', (client) => {
    client.on('notice', (notice) => {
      if (notice.message?.startsWith('duration:')) plans.push(notice.message);
    });
  });
  const [{ MealPlanRepository }, { ShoppingListRepository }, { ShoppingListService }] = await Promise.all([
    serverModule<{ MealPlanRepository: new (db: unknown) => { range: (...args: string[]) => Promise<unknown[]> } }>(
      'repositories/meal-plan.js',
    ),
    serverModule<{ ShoppingListRepository: new (db: unknown) => { listJson: (userId: string) => Promise<string> } }>(
      'repositories/shopping-list.js',
    ),
    serverModule<{
      ShoppingListService: new (
        db: unknown,
        lists: unknown,
        plans: unknown,
      ) => { fromMealPlan: (userId: string, from: string, to: string) => Promise<unknown> };
    }>('services/shopping-list/index.js'),
  ]);
  const plansRepository = new MealPlanRepository(database.db);
  const lists = new ShoppingListRepository(database.db);
  const service = new ShoppingListService(database.db, lists, plansRepository);
  const explained: Explained[] = [];
  try {
    const users = await database.pool.query<{ id: string; email: string }>(
      `SELECT id, email FROM users WHERE email = ANY($1) ORDER BY email`,
      [[benchEmail(1), benchEmail(READERS + 1)]],
    );
    const reader = users.rows.find((row) => row.email === benchEmail(1))?.id ?? '';
    const adder = users.rows.find((row) => row.email === benchEmail(READERS + 1))?.id ?? '';
    const settings = [
      `LOAD 'auto_explain'`,
      `SET auto_explain.log_min_duration = 0`,
      `SET auto_explain.log_analyze = on`,
      `SET auto_explain.log_buffers = on`,
      `SET auto_explain.log_level = 'notice'`,
      `SET client_min_messages = notice`,
    ];
    const week = weekOf(3);
    const cases: Array<[string, string, () => Promise<unknown>]> = [
      ['planWeek', 'meal plan: a week of cook1', () => plansRepository.range(reader, week.from, week.to)],
      ['shoppingList', 'shopping list of cook1', () => lists.listJson(reader)],
      [
        'addWeek',
        `add a week (21 planned recipes) to cook${READERS + 1}'s emptied list`,
        async () => {
          await database.pool.query(`SET auto_explain.log_min_duration = -1`);
          await database.pool.query(`DELETE FROM shopping_items WHERE user_id = $1`, [adder]);
          await database.pool.query(`SET auto_explain.log_min_duration = 0`);
          return service.fromMealPlan(adder, week.from, week.to);
        },
      ],
    ];
    for (const [key, label, perform] of cases) {
      await perform(); // warm the cache as the load runs did
      for (const setting of settings) await database.pool.query(setting);
      plans.length = 0;
      await perform();
      await database.pool.query(`SET auto_explain.log_min_duration = -1`);
      const executionMs = plans.reduce((sum, plan) => sum + Number(/duration: ([\d.]+) ms/.exec(plan)?.[1] ?? 0), 0);
      explained.push({ key, label: `${label}, ${plans.length} statements`, executionMs, plan: plans.join('\n\n') });
    }
  } finally {
    await database.close();
  }
  return explained;
}
