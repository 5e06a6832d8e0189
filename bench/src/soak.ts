// `npm run soak [-- --minutes 10 --rate 50 --restart-db]`: starts the built server on a fresh database of the local
// PostgreSQL (demo content seeded), drives it from this process over loopback with a fixed rate of realistic mixed
// traffic, optionally restarts PostgreSQL half-way, and reports errors, latency and the server's memory growth.
// Not part of `npm test`. Exits 1 if any request failed with a 5xx (or no answer) outside a database outage.
// `--upload-burst` instead sends one burst of concurrent photo uploads (src/soak-upload-burst.ts) and exits 1 unless
// every upload was stored whole or refused with 429/503 and nothing else was left behind.
// `--terminate-backends [--every 5]` ends every connection of the soak's database every N seconds during the traffic
// (src/soak-terminate.ts) and exits 1 if the server died, answered any 5xx but 503 or none at all, answered 503
// outside a round, or took more than 1 s after any round to answer a request that needs the database.
import { execFile, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs, promisify } from 'node:util';
import pg from 'pg';
import sharp from 'sharp';
import { freePort, memoryOf } from './processes.js';
import { repoRoot, serverMain } from './server-modules.js';
import { BackendTerminator, recoveries, roundLines, type RoundWindow } from './soak-terminate.js';
import { burstLines, uploadBurst } from './soak-upload-burst.js';
import { percentile, SoakClient, type Sample } from './soak-traffic.js';

const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    rate: { type: 'string', default: '50' },
    'restart-db': { type: 'boolean', default: false },
    'admin-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    users: { type: 'string', default: '12' },
    'upload-burst': { type: 'boolean', default: false },
    uploads: { type: 'string', default: '50' },
    'terminate-backends': { type: 'boolean', default: false },
    every: { type: 'string', default: '5' },
    // Another build of the server to measure (a git worktree of an earlier commit), used as it is.
    'server-main': { type: 'string' },
  },
});
const minutes = Number(args.minutes);
const rate = Number(args.rate);
const userCount = Number(args.users);
const burstUploads = Number(args.uploads);
const everySeconds = Number(args.every);
const terminating = args['terminate-backends'];
if (
  !(everySeconds >= 0.5 && everySeconds <= 3600) ||
  (terminating && (args['restart-db'] || args['upload-burst'])) ||
  !(minutes > 0 && minutes <= 24 * 60) ||
  !(rate > 0 && rate <= 2000) ||
  !(userCount >= 1 && userCount <= 500) ||
  !(Number.isInteger(burstUploads) && burstUploads >= 1 && burstUploads <= 500)
) {
  console.error(
    'usage: npm run soak -- [--minutes 10] [--rate 50] [--restart-db | --terminate-backends [--every 5]] [--users 12]\n' +
      '                      [--admin-url postgres://…]\n' +
      '       npm run soak -- --upload-burst [--uploads 50] [--server-main path/to/apps/server/dist/main.js]',
  );
  process.exit(2);
}

const log = (line: string) => console.info(`[soak ${new Date().toISOString().slice(11, 19)}] ${line}`);

/** The local PostgreSQL cluster to restart: the newest version under /etc/postgresql, cluster 'main'. */
function localCluster(): string {
  const versions = readdirSync('/etc/postgresql').filter((name) => /^\d+$/.test(name));
  const version = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!version) throw new Error('no PostgreSQL cluster under /etc/postgresql');
  return version;
}

// The server only: the soak drives the API, so a web bundle that is missing or mid-change does not matter here.
const main = args['server-main'] ? path.resolve(args['server-main']) : serverMain;
if (!args['server-main']) {
  log('building the server (tsc -b apps/server) …');
  execFileSync(
    process.execPath,
    [path.join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc'), '-b', 'apps/server'],
    { cwd: repoRoot, stdio: 'inherit' },
  );
}

const databaseName = `forkful_soak_${Date.now()}`;
const admin = new pg.Client({ connectionString: args['admin-url'] });
await admin.connect();
await admin.query(`CREATE DATABASE "${databaseName}"`);
await admin.end();
const databaseUrl = new URL(args['admin-url']);
databaseUrl.pathname = `/${databaseName}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'forkful-soak-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;

const server = spawn(process.execPath, [main], {
  cwd: repoRoot,
  env: {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? tmpdir(),
    DATABASE_URL: databaseUrl.toString(),
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    // The burst needs no demo content, and its count of files is then the burst's alone.
    SEED_DEMO: args['upload-burst'] ? 'false' : 'true',
    // Settings to compare, when given to the soak itself: the image queue's, and glibc's and libuv's.
    ...Object.fromEntries(
      ['IMAGE_WORKERS', 'IMAGE_QUEUE_MAX', 'MALLOC_ARENA_MAX', 'UV_THREADPOOL_SIZE']
        .filter((name) => process.env[name])
        .map((name) => [name, process.env[name]]),
    ),
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '1000000',
    AUTH_RATE_LIMIT_MAX: '1000000',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
const serverErrors: string[] = [];
let unavailableLogged = 0;
for (const stream of [server.stdout, server.stderr]) {
  // A long line (an error with its stack) may come in two chunks: only whole lines are read.
  let partial = '';
  stream.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      if (!/"level":(50|60)/.test(line)) continue;
      // The 503s of a deliberate outage are logged too; counted apart, so that other errors stand out.
      if (line.includes('"msg":"database unavailable"')) unavailableLogged += 1;
      else serverErrors.push(line.slice(0, 400));
    }
  });
}
const serverExit = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
// A server that exits before the soak stops it has crashed (a supervisor would have restarted it: a new process).
let stopping = false;
let diedAt: number | undefined;
const launchedAt = performance.now();
server.once('exit', (code, signal) => {
  if (!stopping) diedAt = performance.now();
  if (!stopping) log(`the server exited by itself (code ${code}, signal ${signal})`);
});

async function ready(timeoutMs: number): Promise<boolean> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await sleep(100)) {
    const ok = await fetch(`${base}/api/v1/health/ready`, { signal: AbortSignal.timeout(2000) })
      .then((response) => response.status === 200)
      .catch(() => false);
    if (ok) return true;
  }
  return false;
}

/** Stops the server (SIGTERM, then SIGKILL after 15 s) and drops its database and data folder. */
async function stopAndRemove(): Promise<number | null | string> {
  stopping = true;
  server.kill('SIGTERM');
  const exitCode = await Promise.race([serverExit, sleep(15_000).then(() => 'no exit within 15 s')]);
  if (exitCode !== 0) server.kill('SIGKILL');
  const cleanup = new pg.Client({ connectionString: args['admin-url'] });
  await cleanup.connect();
  await cleanup.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
  await cleanup.end();
  rmSync(dataDir, { recursive: true, force: true });
  return exitCode;
}

log(`server pid ${server.pid} on ${base}, database ${databaseName}: waiting for migrations and demo content …`);
if (!(await ready(10 * 60_000))) throw new Error('the server did not become ready within 10 minutes');

if (args['upload-burst']) {
  const report = await uploadBurst({
    base,
    serverPid: server.pid ?? 0,
    databaseUrl: databaseUrl.toString(),
    dataDir,
    uploads: burstUploads,
    uploaders: Math.min(10, burstUploads),
    settleSeconds: 10,
    log,
  });
  const exitCode = await stopAndRemove();
  // A recipe photo is stored at six widths (apps/server/src/services/images.ts).
  console.info(
    `\n${burstLines(report, 6).join('\n')}\nserver:     exit on SIGTERM: ${exitCode}; error lines logged: ${serverErrors.length + unavailableLogged}`,
  );
  for (const line of serverErrors.slice(0, 5)) console.info(`  server error: ${line}`);
  const whole =
    report.stored + report.refused === report.uploads &&
    report.recipeRows === report.stored &&
    report.imageFiles === report.stored * 6 &&
    report.strayFiles.length === 0;
  process.exit(whole && exitCode === 0 ? 0 : 1);
}

const photo = await sharp({
  create: {
    width: 1200,
    height: 800,
    channels: 3,
    background: '#c05030',
    noise: { type: 'gaussian', mean: 120, sigma: 40 },
  },
})
  .jpeg({ quality: 80 })
  .toBuffer();
const client = new SoakClient(base, new Uint8Array(photo));
await client.discover();
const users = [];
for (let n = 0; n < userCount; n++) users.push(await client.signUp(n));
log(`${client.recipes.length} published recipes, ${users.length} soak users; warm-up done`);

// Memory of the server process, every 5 seconds.
const rss: Array<{ at: number; mb: number }> = [];
const sampleMemory = () =>
  rss.push({ at: performance.now() - client.t0, mb: Math.round(memoryOf(server.pid ?? 0).nodeRssMb) });
sampleMemory();
const sampler = setInterval(sampleMemory, 5000);
// Latencies on a shared machine mean little without how busy it was.
const loadAtStart = loadavg();

// A database restart half-way, timed from the first request to the first ready answer after it.
const durationMs = minutes * 60_000;
let outage: { start: number; end: number } | undefined;
let restartError: unknown;
const restart = args['restart-db']
  ? sleep(durationMs / 2)
      .then(async () => {
        const version = localCluster();
        const start = performance.now() - client.t0;
        log(`restarting PostgreSQL ${version}/main …`);
        await promisify(execFile)('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'restart']);
        const back = await ready(120_000);
        outage = { start, end: performance.now() - client.t0 };
        log(`PostgreSQL is back (${back ? 'ready' : 'NOT ready'}) after ${Math.round(outage.end - outage.start)} ms`);
      })
      .catch((error: unknown) => {
        restartError = error;
        log(`could not restart PostgreSQL: ${String(error)}`);
      })
  : Promise.resolve();

const terminator = terminating
  ? new BackendTerminator({
      adminUrl: args['admin-url'],
      databaseName,
      base,
      t0: client.t0,
      everyMs: everySeconds * 1000,
      probeEveryMs: 50,
    })
  : undefined;

// Open-loop traffic at a fixed rate: request i is sent at t0 + i/rate whatever the earlier ones are doing.
const total = Math.round(rate * minutes * 60);
const hardStop = durationMs + 30_000;
const inFlight = new Set<Promise<void>>();
let skipped = 0;
log(
  `sending ${total} requests at ${rate}/s for ${minutes} min${args['restart-db'] ? ', restarting PostgreSQL half-way' : ''}${terminating ? `, terminating the database's backends every ${everySeconds} s` : ''}`,
);
for (let n = 0; n < total; n++) {
  const wait = (n * 1000) / rate - (performance.now() - client.t0);
  if (wait > 0) await sleep(wait);
  if (performance.now() - client.t0 > hardStop) break;
  // More than 500 requests waiting means the server has fallen far behind: count it rather than pile on.
  if (inFlight.size >= 500) {
    skipped += 1;
    continue;
  }
  const running: Promise<void> = client.act(users, n).finally(() => inFlight.delete(running));
  inFlight.add(running);
  if (n > 0 && n % (rate * 60) === 0)
    log(`${n / rate / 60} min: ${client.samples.length} answered, RSS ${rss.at(-1)?.mb} MB`);
}
await Promise.race([Promise.all(inFlight), sleep(30_000)]);
await restart;
const rounds: RoundWindow[] = (await terminator?.stop()) ?? [];
clearInterval(sampler);
sampleMemory();
const loadAtEnd = loadavg();
const aliveAtEnd = server.exitCode === null && server.signalCode === null;

const exitCode = await stopAndRemove();

// The report.
const windows = [...(outage ? [outage] : []), ...rounds];
const duringOutage = (sample: Sample) =>
  windows.some((window) => sample.end >= window.start && sample.start <= window.end);
const failed = (sample: Sample) => typeof sample.status !== 'number' || sample.status >= 500;
// Every request of the run, the probes included, for what must never happen even in a deliberate outage.
const everything = [...client.samples, ...(terminator?.probes ?? [])];
const never = everything.filter(
  (sample) => typeof sample.status !== 'number' || (sample.status >= 500 && sample.status !== 503),
);
const byStatus = new Map<string, number>();
for (const sample of client.samples)
  byStatus.set(String(sample.status), (byStatus.get(String(sample.status)) ?? 0) + 1);
const latencies = client.samples.filter((sample) => !failed(sample)).map((sample) => sample.end - sample.start);
latencies.sort((a, b) => a - b);
const outside = everything.filter((sample) => failed(sample) && !duringOutage(sample));
const inside = everything.filter((sample) => failed(sample) && duringOutage(sample));
const after1min = rss.find((entry) => entry.at >= 60_000) ?? rss[0];
const elapsed = (client.samples.at(-1)?.end ?? 1) / 1000;
console.info(`
Forkful soak: ${minutes} min at ${rate} req/s (target) from a second process over loopback
machine:   ${availableParallelism()} cores; load average (1, 5, 15 min) ${loadAtStart.map((n) => n.toFixed(1)).join(', ')} at the start of the traffic, ${loadAtEnd.map((n) => n.toFixed(1)).join(', ')} at its end
requests:  ${client.samples.length} answered (${(client.samples.length / elapsed).toFixed(1)}/s achieved), ${skipped} skipped for overload
statuses:  ${[...byStatus]
  .sort()
  .map(([status, count]) => `${status} ×${count}`)
  .join(', ')}
${outage ? `outage:    PostgreSQL restart ${Math.round(outage.start / 1000)} s in, ${Math.round(outage.end - outage.start)} ms until ready; ${inside.length} failed requests during it (${[...new Set(inside.map((s) => s.status))].join(', ') || 'none'})\n` : ''}5xx / no answer outside any outage: ${outside.length}
latency:   p50 ${percentile(latencies, 50)} ms, p95 ${percentile(latencies, 95)} ms, p99 ${percentile(latencies, 99)} ms, max ${percentile(latencies, 100)} ms
server RSS: start ${rss[0]?.mb} MB, after 1 min ${after1min?.mb} MB, end ${rss.at(-1)?.mb} MB, peak ${Math.max(...rss.map((entry) => entry.mb))} MB; growth after the first minute ${(rss.at(-1)?.mb ?? 0) - (after1min?.mb ?? 0)} MB
server:    pid ${server.pid} ${diedAt === undefined && aliveAtEnd ? `alive from start to end of the run (${Math.round((performance.now() - launchedAt) / 1000)} s, never restarted)` : `DIED ${diedAt === undefined ? '' : `${Math.round((diedAt - launchedAt) / 1000)} s after its start`}`}; exit on SIGTERM: ${exitCode}; error lines logged: ${serverErrors.length + unavailableLogged} (${unavailableLogged} 'database unavailable')`);
const limitMs = 1000;
const slowRounds = recoveries(terminator?.rounds ?? []).filter((ms) => ms === undefined || ms > limitMs).length;
if (terminator) {
  const by = (status: string) => everything.filter((sample) => String(sample.status) === status).length;
  console.info(roundLines(terminator, limitMs).join('\n'));
  console.info(
    `5xx:       503 ×${by('503')} (${inside.filter((sample) => sample.status === 503).length} in a round, ${outside.filter((sample) => sample.status === 503).length} outside); 500 ×${by('500')}; other 5xx ×${never.filter((sample) => typeof sample.status === 'number').length - by('500')}; unanswered ×${never.filter((sample) => typeof sample.status !== 'number').length} (mix and probes)`,
  );
}
const actions = [...new Set(client.samples.map((sample) => sample.action))].sort();
for (const action of actions) {
  const mine = client.samples.filter((sample) => sample.action === action);
  const times = mine.map((sample) => sample.end - sample.start).sort((a, b) => a - b);
  const other = mine.filter((sample) => typeof sample.status !== 'number' || sample.status >= 300);
  const summary = [...new Set(other.map((sample) => String(sample.status)))]
    .map((status) => `${status} ×${other.filter((sample) => String(sample.status) === status).length}`)
    .join(', ');
  console.info(
    `  ${action.padEnd(14)} ${String(mine.length).padStart(6)}  p50 ${String(percentile(times, 50)).padStart(4)} ms  p99 ${String(percentile(times, 99)).padStart(5)} ms  ${summary}`,
  );
}
for (const line of serverErrors.slice(0, 5)) console.info(`  server error: ${line}`);
for (const sample of [...outside, ...never.filter((sample) => !outside.includes(sample))].slice(0, 10))
  console.info(
    `  failed${duringOutage(sample) ? '' : ' outside an outage'}: ${sample.action} ${sample.status} at ${Math.round(sample.start)} ms`,
  );
if (restartError) console.info(`  the restart failed: ${String(restartError)}`);
const passed =
  outside.length === 0 &&
  exitCode === 0 &&
  !restartError &&
  (!terminator || (never.length === 0 && slowRounds === 0 && diedAt === undefined && aliveAtEnd));
process.exit(passed ? 0 : 1);
