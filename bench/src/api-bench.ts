import pg from 'pg';
import { measure, type LoadResult } from './load.js';
import { loadAverage } from './machine.js';
import { serverSearch, type Run } from './server-modules.js';
import type { Running } from './processes.js';
import type { Sample, Scenario } from './workload.js';

export interface ScenarioResult {
  key: string;
  name: string;
  app: LoadResult;
  ceiling: LoadResult | undefined;
  loadAverage: string;
}

const WARM_UP_SECONDS = 2;
const SETTLE_LIMIT_MS = 60_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until the database has no running statement, so requests still queued in a server's pool after a slow
 * scenario (the client gave up, the server did not) do not run into the next measurement. Bounded: after a
 * minute the leftover statements of the bench's own servers are cancelled.
 */
export async function settle(url: string, log: (line: string) => void): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const active = `SELECT pid FROM pg_stat_activity
    WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid() AND backend_type = 'client backend'`;
  try {
    const started = Date.now();
    let quiet = 0;
    while (quiet < 2 && Date.now() - started < SETTLE_LIMIT_MS + 30_000) {
      const busy = (await client.query(active)).rowCount ?? 0;
      quiet = busy === 0 ? quiet + 1 : 0;
      if (busy > 0 && Date.now() - started > SETTLE_LIMIT_MS) {
        await client.query(`SELECT pg_cancel_backend(pid) FROM (${active}) a`);
      }
      await sleep(250);
    }
    const waited = (Date.now() - started) / 1000;
    if (waited > 2) log(`    (waited ${waited.toFixed(0)} s for queued statements to finish)`);
  } finally {
    await client.end();
  }
}

/** Each scenario: a short warm-up, then the measured run, against the app and then the ceiling. */
export async function runScenarios(
  list: Scenario[],
  app: Running,
  ceiling: Running | undefined,
  seconds: number,
  databaseUrl: string,
  log: (line: string) => void,
): Promise<ScenarioResult[]> {
  const results: ScenarioResult[] = [];
  for (const scenario of list) {
    const average = loadAverage();
    const run = (duration: number) =>
      scenario.run?.(duration) ?? measure(app.baseUrl, scenario.requests('app'), duration, scenario.connections);
    await run(WARM_UP_SECONDS);
    await settle(databaseUrl, log);
    const appResult = await run(seconds);
    await settle(databaseUrl, log);
    let ceilingResult: LoadResult | undefined;
    if (ceiling && !scenario.noCeiling) {
      await measure(ceiling.baseUrl, scenario.requests('ceiling'), WARM_UP_SECONDS);
      await settle(databaseUrl, log);
      ceilingResult = await measure(ceiling.baseUrl, scenario.requests('ceiling'), seconds);
      await settle(databaseUrl, log);
    }
    const shown = (r: LoadResult) =>
      `${r.requestsPerSecond.toFixed(0)} req/s p50 ${r.p50} p99 ${r.p99} err ${r.errors}`;
    log(`  ${scenario.key}: app ${shown(appResult)}${ceilingResult ? ` | ceiling ${shown(ceilingResult)}` : ''}`);
    results.push({
      key: scenario.key,
      name: scenario.name,
      app: appResult,
      ceiling: ceilingResult,
      loadAverage: average,
    });
  }
  return results;
}

/** Runs ceiling-only scenarios (embedded mode, where the app owns the database while it runs). */
export async function runCeilingOnly(
  list: Scenario[],
  ceiling: Running,
  seconds: number,
  databaseUrl: string,
  log: (line: string) => void,
) {
  const results = new Map<string, LoadResult>();
  for (const scenario of list) {
    await measure(ceiling.baseUrl, scenario.requests('ceiling'), WARM_UP_SECONDS);
    await settle(databaseUrl, log);
    const result = await measure(ceiling.baseUrl, scenario.requests('ceiling'), seconds);
    await settle(databaseUrl, log);
    log(`  ceiling ${scenario.key}: ${result.requestsPerSecond.toFixed(0)} req/s p50 ${result.p50} p99 ${result.p99}`);
    results.set(scenario.key, result);
  }
  return results;
}

export interface Explained {
  key: string;
  label: string;
  executionMs: number;
  plan: string;
}

/** EXPLAIN (ANALYZE, BUFFERS) of each scenario's main statements with typical arguments. */
export async function explainAll(url: string, sample: Sample): Promise<Explained[]> {
  // Loaded here, not at start: it reads the server's build, which the run makes first.
  const { queries } = await import('./ceiling-queries.js');
  const client = new pg.Client({ connectionString: url, options: '-c jit=off' }); // as the app's pool
  await client.connect();
  const id = sample.ids[0] ?? '00000000-0000-0000-0000-000000000000';
  const popular = sample.popular[0] ?? id;
  const user = await client.query<{ id: string }>(`SELECT id FROM users ORDER BY email LIMIT 1`);
  const cases: Array<[string, string, string, unknown[]]> = [
    ['list', 'list page 50 (24 cards)', queries.listPage, [24, 49 * 24]],
    ['list', 'list page 1000 (deep offset)', queries.listPage, [24, 999 * 24]],
    ['list', 'list count', queries.listCount, []],
    ['view', 'view recipe', queries.viewRecipe, [id]],
    ['reviews', 'reviews page 5 of a popular recipe', queries.reviewPage, [popular, 10, 40]],
    ['reviews', 'reviews count of a popular recipe', queries.reviewCount, [popular]],
    ['random', 'random recipes (8)', queries.random, [0.5, 8, 0.5, 8]],
    ['checkSaved', 'check saved: card', queries.visibleCard, [id, user.rows[0]?.id]],
    ['checkSaved', 'check saved: saved row', queries.isSaved, [user.rows[0]?.id, id]],
    ['login', 'log in: user by email', queries.userByEmail, ['cook1@bench.forkful.test', 1]],
    // The second of 64 ranges (a million recipes), its first batch of 5,000 (routes/sitemap/index.ts).
    [
      'sitemap',
      'sitemap page: first batch of 5,000',
      queries.sitemapBatch,
      ['04000000-0000-0000-0000-000000000000', '08000000-0000-0000-0000-000000000000', 5000],
    ],
  ];
  const explained: Explained[] = [];
  try {
    for (const [key, label, text, params] of cases) {
      await client.query(text, params); // warm the cache as the load runs did
      const result = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, params);
      const plan = result.rows.map((row) => row['QUERY PLAN']).join('\n');
      const executionMs = Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? Number.NaN);
      explained.push({ key, label, executionMs, plan });
    }
    // Search runs several statements, chosen as it goes: run it once to warm, then again with every statement
    // explained; the figure is the sum of their execution times.
    const search = await serverSearch();
    const searches: Array<[string, string, (run: Run) => Promise<unknown>]> = [
      ['suggest', "suggest 'chick'", (run) => search.suggestTitles(run, 'chick', 8)],
      ['suggest', "suggest 'chicken cu'", (run) => search.suggestTitles(run, 'chicken cu', 8)],
      ['suggest', "suggest 'chiken curry' (typo)", (run) => search.suggestTitles(run, 'chiken curry', 8)],
      ['suggest', "suggest 'zzqx' (no match)", (run) => search.suggestTitles(run, 'zzqx', 8)],
      ['search', "search 'chicken'", (run) => search.searchRecipes(run, 'chicken', 48)],
      ['search', "search 'mushroom risotto'", (run) => search.searchRecipes(run, 'mushroom risotto', 48)],
      ['search', "search 'chiken' (typo)", (run) => search.searchRecipes(run, 'chiken', 48)],
    ];
    const plain: Run = async <Row>(text: string, params: unknown[]) => (await client.query(text, params)).rows as Row[];
    for (const [key, label, perform] of searches) {
      await perform(plain);
      const plans: string[] = [];
      const explaining: Run = async <Row>(text: string, params: unknown[]) => {
        const result = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, params);
        plans.push(result.rows.map((row) => row['QUERY PLAN']).join('\n'));
        return plain<Row>(text, params);
      };
      await perform(explaining);
      const executionMs = plans.reduce(
        (sum, plan) => sum + Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? Number.NaN),
        0,
      );
      explained.push({ key, label: `${label}, ${plans.length} statements`, executionMs, plan: plans.join('\n\n') });
    }
  } finally {
    await client.end();
  }
  return explained;
}
