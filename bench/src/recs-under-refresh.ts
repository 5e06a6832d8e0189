/*
 * `npm run bench -- recs --sizes 10k --under-refresh [--seconds 30] [--connections 20] [--rate 200]`: the API's
 * view-recipe, similar and recommended (200 signed-in cooks) p50/p99 with no refresh running, then while forced full
 * recommendation refreshes run back to back (issue 19: reads within 1.5× of view-recipe's p50, and a refresh must not
 * make the API's p99 more than 2× worse). At a fixed request rate (--rate, default 200/s; 0 = saturate): on 2 cores a
 * saturated server gets slower from any other work whatever it is, and a site is not run saturated. The real built
 * server (apps/server/dist, `npm run build -w @forkful/server`) serves the bench's database with its own refresh job
 * off; the bench runs the refresh on its own connection, as the job leader would. Run it on a quiet machine: on a
 * shared one the figures measure the neighbours. `--whole-refresh`: instead of back-to-back refreshes and one busy
 * round, one forced full refresh measured round after round from its start to its commit, and once just after it.
 * `--paced`: the load is open-loop Poisson arrivals at --rate (paced-load.ts), latencies to a fraction of a
 * millisecond, instead of autocannon's overallRate, which sends each second's requests in a burst at its start (so
 * its p50 is mostly the wait behind the burst) and reports whole milliseconds.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import autocannon from 'autocannon';
import { BENCH_PASSWORD } from './generate.js';
import { loadResultOf, type LoadResult } from './load.js';
import { measurePaced } from './paced-load.js';
import { serverModules } from './server-modules.js';
import { startApp } from './servers.js';

export interface UnderRefreshResult {
  seconds: number;
  connections: number;
  rate: number;
  refreshes: number;
  refreshSeconds: number[];
  /** `refreshing` is absent when the run measured the quiet API only (--quiet-only). */
  view: { quiet: LoadResult; refreshing?: LoadResult };
  similar: { quiet: LoadResult; refreshing?: LoadResult };
  recommended: { quiet: LoadResult; refreshing?: LoadResult };
  cooks: number;
  /** Whether the refresh ran at the lowest CPU priority (it does when the database runs on this host). */
  lowPriority: boolean;
  /**
   * --paced: the load was open-loop Poisson arrivals at `rate` (paced-load.ts), latencies in fractions of a
   * millisecond; otherwise autocannon's overallRate (bursts at each second's start, whole milliseconds).
   */
  paced?: boolean;
  /** What the refresh's backend got when it asked (--low-priority): SCHED_IDLE and nice 19, or nice 19 only. */
  priority?: 'idle' | 'nice';
  /** The database server's shared_buffers (`SHOW shared_buffers`): at 1M most of the cards' pages lie outside 128 MB. */
  sharedBuffers: string;
  /**
   * --whole-refresh: one forced full refresh, measured in consecutive rounds (each call for `seconds`) from its start
   * to its commit, then one round just after the commit (stale lists served and made again). `at`: seconds since the
   * refresh started. Absent otherwise (the busy window then covers the first rounds of back-to-back refreshes).
   */
  rounds?: Round[];
  afterCommit?: Omit<Round, 'at'>;
}

interface Round {
  at: number;
  /** The refresh's statements that ran during the round (by the table they write), longest first. */
  doing?: string[];
  view: LoadResult;
  similar: LoadResult;
  recommended: LoadResult;
}

/** Gives cooks with likes a password and logs them in through the app: their access cookies. */
async function logInCooks(pool: pg.Pool, baseUrl: string, count: number): Promise<string[]> {
  const cooks = (
    await pool.query<{ id: string; email: string }>(
      `SELECT u.id, u.email FROM users u
       WHERE (SELECT count(*) FROM saved_recipes s WHERE s.user_id = u.id) >= 5
       ORDER BY hashtext(u.id::text) LIMIT $1`,
      [count],
    )
  ).rows;
  const hash = await (await serverModules()).hashPassword(BENCH_PASSWORD);
  await pool.query('UPDATE users SET password_hash = $1 WHERE id = ANY ($2::uuid[])', [hash, cooks.map((c) => c.id)]);
  const cookies: string[] = [];
  for (const cook of cooks) {
    const response = await fetch(`${baseUrl}/api/v1/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: cook.email, password: BENCH_PASSWORD }),
    });
    const access = response.headers.getSetCookie().find((cookie) => cookie.startsWith('accessToken='));
    if (response.status !== 200 || !access) throw new Error(`log-in of ${cook.email} failed: ${response.status}`);
    cookies.push(access.split(';')[0] ?? '');
  }
  return cookies;
}

type Refresh = (
  pool: pg.Pool,
  force?: boolean,
  onStatement?: (text: string, milliseconds: number) => void,
) => Promise<{ status: string; seconds: number; priority?: 'idle' | 'nice' }>;

/** What the refresh was doing: the temp table or stored table a statement writes, e.g. 'rec_co_liked'. */
export function statementLabel(text: string): string {
  const flat = text.replace(/\s+/g, ' ');
  const target = /^(?:CREATE TEMP TABLE|CREATE (?:UNIQUE )?INDEX ON|INSERT INTO|DELETE FROM|ANALYZE) (\w+)/i.exec(flat);
  return target?.[1] ?? flat.split(' ').slice(0, 2).join(' ');
}

export async function measureUnderRefresh(options: {
  databaseUrl: string;
  refresh: Refresh;
  seconds: number;
  connections: number;
  /** Requests per second in all (0: as fast as the connections go, i.e. a saturated server). */
  rate: number;
  /** Quiet figures only: at 1M a forced full refresh takes a quarter of an hour or more. */
  quietOnly?: boolean;
  /** Measure from the start of one forced full refresh to its commit, round after round (see `rounds`). */
  wholeRefresh?: boolean;
  /** Whether the refresh asks for the lowest CPU priority (apps/server/src/db/backend-priority.ts); for the report. */
  lowPriority: boolean;
  /** Open-loop Poisson arrivals at `rate` (paced-load.ts) instead of autocannon's bursts. */
  paced?: boolean;
  log: (line: string) => void;
}): Promise<UnderRefreshResult> {
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 2 });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'forkful-recs-'));
  const app = await startApp({
    dataDir,
    databaseUrl: options.databaseUrl,
    seedDemo: false,
    env: { RECOMMENDATIONS_REFRESH_SECONDS: '0' },
  });
  try {
    const sharedBuffers = (await pool.query<{ shared_buffers: string }>('SHOW shared_buffers')).rows[0]!.shared_buffers;
    const ids = (
      await pool.query<{ id: string }>(
        `SELECT id FROM recipes WHERE is_published ORDER BY hashtext(id::text) LIMIT 2000`,
      )
    ).rows.map((row) => row.id);
    let n = 0;
    const pick = () => ids[(n = (n * 7919 + 17) % ids.length)]!;
    // The server parses the ingredients of recipes stored without them (the bench's loader writes none) in the
    // background after start-up (services/ingredients/backfill.ts): at 1M recipes that takes minutes of its event
    // loop and of the database, and a 'quiet' round measured meanwhile is not quiet. Wait for it.
    const backfillStarted = performance.now();
    for (;;) {
      const pending = await pool.query<{ n: string }>(
        `SELECT count(*) AS n FROM (SELECT 1 FROM recipes WHERE ingredient_details IS NULL LIMIT 100000) p`,
      );
      const left = Number(pending.rows[0]?.n ?? 0);
      if (left === 0) break;
      options.log(
        `under-refresh: waiting for the server's ingredient backfill (${left === 100000 ? '100,000+' : left} recipes left)`,
      );
      await new Promise((resolve) => setTimeout(resolve, 15_000));
    }
    const backfillSeconds = (performance.now() - backfillStarted) / 1000;
    if (backfillSeconds > 1)
      options.log(`under-refresh: backfill done after ${backfillSeconds.toFixed(0)} s of waiting`);
    const cookies = await logInCooks(pool, app.baseUrl, 200);
    let c = 0;
    type Next = () => { method: 'GET'; path: string; headers?: Record<string, string> };
    const view: Next = () => ({ method: 'GET', path: `/api/v1/recipes/${pick()}/view-recipe` });
    const similar: Next = () => ({ method: 'GET', path: `/api/v1/recipes/${pick()}/similar?limit=6` });
    // The landing row's call: 12 recommendations for a signed-in cook.
    const recommended: Next = () => ({
      method: 'GET',
      path: '/api/v1/recipes/recommended?limit=12',
      headers: { cookie: cookies[(c = (c + 1) % cookies.length)]! },
    });
    let rounds = 0;
    const run = async (next: Next): Promise<LoadResult> => {
      if (options.paced)
        // The same arrivals for the three calls of a round (the seed), other arrivals in the next round.
        return measurePaced({
          baseUrl: app.baseUrl,
          rate: options.rate > 0 ? options.rate : 200,
          seconds: options.seconds,
          connections: options.connections,
          next,
          seed: 1 + Math.floor(rounds++ / 3),
        });
      const result = await autocannon({
        url: app.baseUrl,
        connections: options.connections,
        duration: options.seconds,
        timeout: 10,
        ...(options.rate > 0 ? { overallRate: options.rate } : {}),
        requests: [
          {
            setupRequest: (request) => {
              const spec = next();
              return { ...request, ...spec, headers: { accept: 'application/json', ...spec.headers } };
            },
          },
        ],
      });
      return loadResultOf(result);
    };

    const round = async () => ({
      view: await run(view),
      similar: await run(similar),
      recommended: await run(recommended),
    });
    // Warm the caches (both paths), then the quiet figures.
    await round();
    options.log(`under-refresh: quiet, ${options.seconds} s each at ${options.connections} connections`);
    const quiet = await round();

    if (options.quietOnly)
      return {
        seconds: options.seconds,
        connections: options.connections,
        rate: options.rate,
        refreshes: 0,
        refreshSeconds: [],
        sharedBuffers,
        view: { quiet: quiet.view },
        similar: { quiet: quiet.similar },
        recommended: { quiet: quiet.recommended },
        cooks: cookies.length,
        lowPriority: options.lowPriority,
        paced: options.paced === true,
      };

    if (options.wholeRefresh) {
      const started = performance.now();
      let done = false;
      // Each statement's span in seconds since the refresh started, to say what each round ran beside.
      const spans: { from: number; to: number; label: string }[] = [];
      const refresh = options
        .refresh(pool, true, (text, milliseconds) => {
          const to = (performance.now() - started) / 1000;
          spans.push({ from: to - milliseconds / 1000, to, label: statementLabel(text) });
        })
        .finally(() => (done = true));
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const rounds: Round[] = [];
      while (!done) {
        const at = (performance.now() - started) / 1000;
        options.log(`under-refresh: round ${rounds.length + 1}, ${at.toFixed(0)} s into the refresh`);
        rounds.push({ at, ...(await round()) });
      }
      for (const [index, r] of rounds.entries()) {
        const end = rounds[index + 1]?.at ?? Infinity;
        const seconds = new Map<string, number>();
        for (const span of spans) {
          const overlap = Math.min(span.to, end) - Math.max(span.from, r.at);
          if (overlap > 0) seconds.set(span.label, (seconds.get(span.label) ?? 0) + overlap);
        }
        r.doing = [...seconds]
          .filter(([, s]) => s >= 0.5)
          .sort((a, b) => b[1] - a[1])
          .map(([label, s]) => `${label} ${s.toFixed(0)} s`);
      }
      const { seconds, priority } = await refresh;
      options.log(`under-refresh: the refresh committed after ${seconds.toFixed(1)} s; one round after it`);
      const afterCommit = await round();
      const worst = (pick: (r: Round) => LoadResult) => rounds.map(pick).reduce((a, b) => (b.p99 > a.p99 ? b : a));
      return {
        seconds: options.seconds,
        connections: options.connections,
        rate: options.rate,
        refreshes: 1,
        refreshSeconds: [seconds],
        sharedBuffers,
        ...(priority ? { priority } : {}),
        // The headline 'refresh running' figure is each call's worst round.
        view: { quiet: quiet.view, refreshing: worst((r) => r.view) },
        similar: { quiet: quiet.similar, refreshing: worst((r) => r.similar) },
        recommended: { quiet: quiet.recommended, refreshing: worst((r) => r.recommended) },
        cooks: cookies.length,
        lowPriority: options.lowPriority,
        paced: options.paced === true,
        rounds,
        afterCommit,
      };
    }

    // Forced full refreshes back to back for as long as the measurements last.
    let refreshing = true;
    const refreshSeconds: number[] = [];
    let priority: 'idle' | 'nice' | undefined;
    const loop = (async () => {
      while (refreshing) {
        const result = await options.refresh(pool, true);
        refreshSeconds.push(result.seconds);
        priority = result.priority;
      }
    })();
    // Let the first refresh get into its heavy statements before measuring.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    options.log('under-refresh: with a refresh running');
    const busy = await round();
    const refreshesDuring = refreshSeconds.length;
    refreshing = false;
    await loop;
    return {
      seconds: options.seconds,
      connections: options.connections,
      rate: options.rate,
      refreshes: refreshesDuring + 1,
      refreshSeconds,
      sharedBuffers,
      ...(priority ? { priority } : {}),
      view: { quiet: quiet.view, refreshing: busy.view },
      similar: { quiet: quiet.similar, refreshing: busy.similar },
      recommended: { quiet: quiet.recommended, refreshing: busy.recommended },
      cooks: cookies.length,
      lowPriority: options.lowPriority,
      paced: options.paced === true,
    };
  } finally {
    await app.stop();
    await pool.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Whole milliseconds as autocannon gives them; a paced run's fractions to a tenth. */
const ms = (result: UnderRefreshResult, value: number) => (result.paced ? value.toFixed(1) : String(value));

export function renderUnderRefresh(result: UnderRefreshResult): string[] {
  const row = (name: string, r: LoadResult | undefined) =>
    r
      ? [`| ${name} | ${ms(result, r.p50)} | ${ms(result, r.p99)} | ${r.requestsPerSecond.toFixed(0)} | ${r.errors} |`]
      : [];
  const load = result.paced
    ? `${result.rate > 0 ? result.rate : 200} requests/s in all as a Poisson process (open loop, --paced), at most ` +
      `${result.connections} connections`
    : `${result.connections} connections, ${result.rate > 0 ? `${result.rate} requests/s in all` : 'as fast as they go'}`;
  const ratio = (a: LoadResult, b: LoadResult | undefined) => (b ? (b.p99 / Math.max(a.p99, 1e-9)).toFixed(2) : '-');
  const busy = result.view.refreshing !== undefined;
  return [
    busy
      ? `API under a running refresh (real server over HTTP, ${load}, ${result.seconds} s each; ` +
        (result.rounds
          ? `one forced full refresh of ${result.refreshSeconds[0]?.toFixed(1)} s, measured from its start to its ` +
            `commit in ${result.rounds.length} rounds; 'refresh running' is each call's worst round):`
          : `${result.refreshes} forced full refresh(es) overlapped the busy window, each ` +
            `${result.refreshSeconds.map((s) => s.toFixed(1)).join(', ')} s):`) +
        (!result.lowPriority
          ? ' The refresh ran at normal CPU priority.'
          : result.priority === 'idle'
            ? ' The refresh ran at the lowest CPU priority (--low-priority: SCHED_IDLE and nice 19).'
            : result.priority === 'nice'
              ? ' The refresh ran at nice 19 (--low-priority; SCHED_IDLE could not be set).'
              : ' The refresh asked for the lowest CPU priority but ran at normal priority (not a local backend).') +
        ` PostgreSQL shared_buffers: ${result.sharedBuffers}.`
      : `API with no refresh running (real server over HTTP, ${load}, ${result.seconds} s each; ` +
        `the run under a refresh was not made: --quiet-only; PostgreSQL shared_buffers: ${result.sharedBuffers}):`,
    '',
    '| call | p50 ms | p99 ms | req/s | errors |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...row('view-recipe, quiet', result.view.quiet),
    ...row('view-recipe, refresh running', result.view.refreshing),
    ...row('similar, quiet', result.similar.quiet),
    ...row('similar, refresh running', result.similar.refreshing),
    ...row(`recommended (limit 12, ${result.cooks} signed-in cooks), quiet`, result.recommended.quiet),
    ...row('recommended, refresh running', result.recommended.refreshing),
    '',
    `Quiet p50 against view-recipe's (target ≤ 1.5×): recommended ` +
      `**${(result.recommended.quiet.p50 / Math.max(result.view.quiet.p50, 1e-9)).toFixed(2)}×**, similar ` +
      `**${(result.similar.quiet.p50 / Math.max(result.view.quiet.p50, 1e-9)).toFixed(2)}×** (${result.paced ? 'latencies to a fraction of a millisecond' : 'autocannon reports whole milliseconds'}).`,
    ...(busy
      ? [
          `p99 with a refresh running / quiet: view-recipe **${ratio(result.view.quiet, result.view.refreshing)}×**, ` +
            `similar ${ratio(result.similar.quiet, result.similar.refreshing)}×, recommended ` +
            `${ratio(result.recommended.quiet, result.recommended.refreshing)}× (target ≤ 2×).`,
        ]
      : []),
    ...(result.rounds ? ['', ...renderRounds(result)] : []),
    '',
  ];
}

/** Each round of a --whole-refresh run: p50 / p99 per call, and its p99 against the quiet one. */
function renderRounds(result: UnderRefreshResult): string[] {
  const cell = (r: LoadResult, quiet: LoadResult) =>
    `${ms(result, r.p50)} / ${ms(result, r.p99)} (${(r.p99 / Math.max(quiet.p99, 1e-9)).toFixed(2)}×)`;
  const line = (label: string, r: Omit<Round, 'at'>) =>
    `| ${label} | ${cell(r.view, result.view.quiet)} | ${cell(r.similar, result.similar.quiet)} | ` +
    `${cell(r.recommended, result.recommended.quiet)} |`;
  return [
    'Round by round (p50 / p99 ms, and p99 against the quiet p99):',
    '',
    "| seconds into the refresh | view-recipe | similar | recommended | the refresh's statements in the round |",
    '| --- | ---: | ---: | ---: | --- |',
    ...(result.rounds ?? []).map((r) => `${line(r.at.toFixed(0), r)} ${(r.doing ?? []).slice(0, 4).join(', ')} |`),
    ...(result.afterCommit ? [`${line('just after the commit', result.afterCommit)} |`] : []),
  ];
}
