// `npm run bench -- --cluster`: the API scenarios against one instance directly, one instance behind HAProxy and
// two instances behind HAProxy (the deployment's configuration, deploy/haproxy/forkful.cfg), interleaved round by
// round because the machine is shared; with the CPU time each process spent per request, which says what the proxy
// costs and how the app would scale with cores. Results: bench/results/cluster-<date>.md.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { settle } from './api-bench.js';
import { tempDir } from './embedded.js';
import { describeDatabase, generate, prepareDatabase } from './generate.js';
import { measure, type LoadResult, CONNECTIONS } from './load.js';
import { describeMachine, loadAverage } from './machine.js';
import type { Options } from './options.js';
import { freePort, type Running } from './processes.js';
import { startApp } from './servers.js';
import { logIn, sampleOf, scenarios, type Scenario } from './workload.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const WARM_UP_SECONDS = 2;
const ROUNDS = 2;

type Setup = 'direct' | 'proxy1' | 'proxy2';
const SETUPS: Record<Setup, string> = {
  direct: 'one instance, direct',
  proxy1: 'one instance behind HAProxy',
  proxy2: 'two instances behind HAProxy',
};

interface Measured extends LoadResult {
  setup: Setup;
  round: number;
  /** CPU milliseconds per request: each app instance, HAProxy, the load generator (this process). */
  cpuPerRequest: { app1: number; app2: number; haproxy: number; client: number };
  loadAverage: string;
}

/** utime + stime of a process, in milliseconds (Linux /proc). */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
}

interface Proxy {
  pid: number;
  baseUrl: string;
  command: (line: string) => Promise<string>;
  stop: () => Promise<void>;
}

async function startHaproxy(instances: [Running, Running]): Promise<Proxy> {
  const binary = ['/usr/sbin/haproxy', '/usr/bin/haproxy'].find((file) => existsSync(file));
  if (!binary) throw new Error("--cluster needs HAProxy: 'apt-get install -y haproxy'");
  const directory = mkdtempSync(path.join(os.tmpdir(), 'forkful-bench-haproxy-'));
  const socket = path.join(directory, 'admin.sock');
  const port = await freePort();
  const frontend = path.join(directory, 'frontend.cfg');
  writeFileSync(
    frontend,
    `frontend web\n    bind 127.0.0.1:${port}\n    option forwardfor\n    http-request set-header X-Forwarded-For %[src]\n    default_backend forkful\n`,
  );
  const child = spawn(binary, ['-db', '-f', path.join(root, 'deploy', 'haproxy', 'forkful.cfg'), '-f', frontend], {
    env: {
      PATH: process.env.PATH ?? '',
      FORKFUL_APP1: `127.0.0.1:${instances[0].port}`,
      FORKFUL_APP2: `127.0.0.1:${instances[1].port}`,
      FORKFUL_S3: '127.0.0.1:9',
      FORKFUL_BUCKET: 'unused',
      HAPROXY_ADMIN_SOCKET: socket,
    },
    stdio: 'ignore',
  });
  const command = (line: string) =>
    new Promise<string>((resolve, reject) => {
      const connection = net.createConnection(socket);
      let answer = '';
      connection.on('connect', () => connection.end(`${line}\n`));
      connection.on('data', (chunk: Buffer) => (answer += chunk.toString()));
      connection.on('end', () => resolve(answer));
      connection.on('error', reject);
    });
  for (let waited = 0; !existsSync(socket); waited += 50) {
    if (waited > 10_000) throw new Error('HAProxy did not start');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    pid: child.pid ?? 0,
    baseUrl: `http://127.0.0.1:${port}`,
    command,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** Waits until HAProxy's view of app2 is `state` (after `set server … state ready` the checks must pass again). */
async function app2Is(proxy: Proxy, wanted: 'UP' | 'MAINT'): Promise<void> {
  for (let waited = 0; waited < 30_000; waited += 100) {
    const csv = await proxy.command('show stat');
    const line = csv.split('\n').find((row) => row.startsWith('forkful,app2,'));
    if ((line?.split(',')[17] ?? '') === wanted) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`app2 did not become ${wanted}`);
}

export async function runCluster(options: Options, log: (line: string) => void): Promise<void> {
  const size = options.sizes[0] ?? { label: '10k', recipes: 10_000 };
  const machine = await describeMachine(options.adminUrl, 'not run');
  const startedAt = new Date();
  // A database of its own: the ordinary bench recreates forkful_bench_<size>, and may run at the same time.
  const name = `forkful_bench_cluster_${size.label}`;
  log(`cluster: preparing ${name}`);
  const database = await prepareDatabase(options.adminUrl, name, size.recipes, options.reuseData);
  if (database.reusable) await describeDatabase(database.url, size.recipes);
  else await generate(database.url, size.recipes, log);

  // Both instances sign and check the same tokens, as in a deployment.
  const env = {
    ACCESS_TOKEN_SECRET: randomBytes(36).toString('base64url'),
    REFRESH_TOKEN_SECRET: randomBytes(36).toString('base64url'),
  };
  const dirs = [tempDir('cluster1'), tempDir('cluster2')];
  const apps: Running[] = [];
  let proxy: Proxy | undefined;
  const measured: Array<{ key: string; name: string; runs: Measured[] }> = [];
  try {
    for (const dataDir of dirs) apps.push(await startApp({ dataDir, databaseUrl: database.url, seedDemo: false, env }));
    const [app1, app2] = apps as [Running, Running];
    proxy = await startHaproxy([app1, app2]);
    await app2Is(proxy, 'UP');
    const sample = await sampleOf(database.url);
    // Liveness: no database and almost no app work, so what the proxy adds per request shows most.
    const live: Scenario = {
      key: 'live',
      name: 'Liveness (no database: the proxy cost laid bare)',
      requests: () => () => ({ method: 'GET', path: '/api/v1/health/live' }),
    };
    const list = [live, ...scenarios(sample, await logIn(app1.baseUrl))].filter(
      (scenario) => options.only.length === 0 || options.only.includes(scenario.key),
    );
    const running = proxy;
    const target = async (setup: Setup) => {
      if (setup === 'proxy1') {
        await running.command('set server forkful/app2 state maint');
        await app2Is(running, 'MAINT');
      } else if (setup === 'proxy2') {
        await running.command('set server forkful/app2 state ready');
        await app2Is(running, 'UP');
      }
      return setup === 'direct' ? app1.baseUrl : running.baseUrl;
    };
    for (const scenario of list) {
      const runs: Measured[] = [];
      for (let round = 1; round <= ROUNDS; round++) {
        // The order turns each round, so no setup always runs first (or always right after another).
        const order: Setup[] = round % 2 === 1 ? ['direct', 'proxy1', 'proxy2'] : ['proxy2', 'proxy1', 'direct'];
        for (const setup of order) {
          const base = await target(setup);
          await measure(base, scenario.requests('app'), WARM_UP_SECONDS);
          await settle(database.url, log);
          const average = loadAverage();
          const before = { app1: cpuMs(app1.pid), app2: cpuMs(app2.pid), haproxy: cpuMs(running.pid) };
          const client = process.cpuUsage();
          const result = await measure(base, scenario.requests('app'), options.durationSeconds);
          const clientUsage = process.cpuUsage(client);
          const requests = Math.max(1, result.requests);
          const per = (ms: number) => ms / requests;
          runs.push({
            ...result,
            setup,
            round,
            loadAverage: average,
            cpuPerRequest: {
              app1: per(cpuMs(app1.pid) - before.app1),
              app2: per(cpuMs(app2.pid) - before.app2),
              haproxy: per(cpuMs(running.pid) - before.haproxy),
              client: per((clientUsage.user + clientUsage.system) / 1000),
            },
          });
          await settle(database.url, log);
          log(
            `  ${scenario.key} round ${round} ${setup}: ${result.requestsPerSecond.toFixed(0)} req/s p50 ${result.p50} p99 ${result.p99} err ${result.errors}`,
          );
        }
      }
      measured.push({ key: scenario.key, name: scenario.name, runs });
    }
    await running.command('set server forkful/app2 state ready');
  } finally {
    await proxy?.stop();
    for (const app of apps.reverse()) await app.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
  const rawDir = path.join(root, 'bench', 'results', 'raw');
  mkdirSync(rawDir, { recursive: true });
  const file = path.join(rawDir, `cluster-${startedAt.toISOString().replace(/[:.]/g, '-')}.md`);
  writeFileSync(file, render(measured, { machine, startedAt, size: size.label, seconds: options.durationSeconds }));
  writeFileSync(file.replace(/\.md$/, '.json'), JSON.stringify(measured, null, 2));
  log(`results: ${path.relative(root, file)} (the figures; bench/results/cluster-<date>.md reads them)`);
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);

function render(
  measured: Array<{ key: string; name: string; runs: Measured[] }>,
  meta: { machine: Awaited<ReturnType<typeof describeMachine>>; startedAt: Date; size: string; seconds: number },
): string {
  const lines = [
    `# Cluster bench, ${meta.startedAt.toISOString()}`,
    '',
    `Data set ${meta.size}; ${CONNECTIONS} connections; ${meta.seconds} s per run after a ${WARM_UP_SECONDS} s warm-up; ` +
      `${ROUNDS} rounds, the three setups interleaved (order reversed every other round).`,
    `Machine: ${JSON.stringify(meta.machine)}`,
    '',
    '| Scenario | Setup | req/s (per round) | mean req/s | vs direct | p50 / p99 ms | errors | CPU ms/req app1 + app2 | HAProxy | client | load avg |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const scenario of measured) {
    const direct = mean(scenario.runs.filter((run) => run.setup === 'direct').map((run) => run.requestsPerSecond));
    for (const setup of Object.keys(SETUPS) as Setup[]) {
      const runs = scenario.runs.filter((run) => run.setup === setup);
      const rps = mean(runs.map((run) => run.requestsPerSecond));
      const f = (value: number) => value.toFixed(2);
      lines.push(
        `| ${scenario.name} | ${SETUPS[setup]} | ${runs.map((run) => run.requestsPerSecond.toFixed(0)).join(', ')} | ` +
          `${rps.toFixed(0)} | ${((rps / direct - 1) * 100).toFixed(0)} % | ` +
          `${runs.map((run) => `${run.p50} / ${run.p99}`).join(', ')} | ${runs.reduce((s, r) => s + r.errors, 0)} | ` +
          `${f(mean(runs.map((r) => r.cpuPerRequest.app1)))} + ${f(mean(runs.map((r) => r.cpuPerRequest.app2)))} | ` +
          `${f(mean(runs.map((r) => r.cpuPerRequest.haproxy)))} | ${f(mean(runs.map((r) => r.cpuPerRequest.client)))} | ` +
          `${runs.map((run) => run.loadAverage).join('; ')} |`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}
