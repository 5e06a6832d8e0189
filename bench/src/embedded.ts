import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { runCeilingOnly, type ScenarioResult } from './api-bench.js';
import { generate, type LoadReport } from './generate.js';
import { measure } from './load.js';
import { loadAverage } from './machine.js';
import { memoryOf, type MemoryUse, type Running } from './processes.js';
import { serverModules } from './server-modules.js';
import { startApp, startCeiling } from './servers.js';
import { logIn, sampleOf, scenarios, type Scenario } from './workload.js';

const IDLE_SECONDS = 15;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const tempDir = (name: string) => mkdtempSync(path.join(os.tmpdir(), `forkful-bench-${name}-`));

export interface ColdStart {
  server: Running;
  dataDir: string;
  startSeconds: number;
  publishedRecipes: number;
  memory: MemoryUse;
  restartSeconds: number;
  restartMemory: MemoryUse;
}

/**
 * Embedded mode from nothing: an empty data folder, no DATABASE_URL, demo content on. Timed from spawn until the
 * server answers ready (it listens only once migrations and the demo seed are done), then left idle before its
 * memory (Node plus every PostgreSQL process under it) is read; then again after a restart on the same folder.
 * The restarted server is returned running, for Lighthouse.
 */
export async function coldStart(log: (line: string) => void): Promise<ColdStart> {
  const dataDir = tempDir('cold');
  const server = await startApp({ dataDir, seedDemo: true });
  const list = (await (await fetch(`${server.baseUrl}/api/v1/recipes/all?page=1&limit=1`)).json()) as {
    data: { totalRecipeCount: number };
  };
  log(`  serving with ${list.data.totalRecipeCount} demo recipes after ${(server.startMs / 1000).toFixed(1)} s`);
  await sleep(IDLE_SECONDS * 1000);
  const memory = memoryOf(server.pid);
  log(
    `  idle: ${memory.rssMb.toFixed(0)} MB RSS over ${memory.processes} processes (PSS ${memory.pssMb.toFixed(0)} MB)`,
  );
  // The same folder started again (nothing to seed now): the memory of a server that has not encoded images.
  await server.stop();
  const restarted = await startApp({ dataDir, seedDemo: true });
  await sleep(IDLE_SECONDS * 1000);
  const restartMemory = memoryOf(restarted.pid);
  log(`  idle after a restart: ${restartMemory.rssMb.toFixed(0)} MB RSS (PSS ${restartMemory.pssMb.toFixed(0)} MB)`);
  return {
    server: restarted,
    dataDir,
    startSeconds: server.startMs / 1000,
    publishedRecipes: list.data.totalRecipeCount,
    memory,
    restartSeconds: restarted.startMs / 1000,
    restartMemory,
  };
}

export interface EmbeddedRun {
  load: LoadReport;
  postgresVersion: string;
  results: ScenarioResult[];
  memoryAfterLoad: MemoryUse | undefined;
}

/**
 * The API scenarios in embedded mode. The app owns its PostgreSQL while it runs, so the steps take turns: load the
 * data through the server's own embedded start-up, run the app (no DATABASE_URL), then the ceiling against the
 * same PostgreSQL started again.
 */
export async function embeddedApi(
  recipes: number,
  seconds: number,
  keep: (scenario: Scenario) => boolean,
  log: (line: string) => void,
): Promise<EmbeddedRun> {
  const dataDir = tempDir('embedded');
  const { startEmbeddedPostgres } = await serverModules();
  try {
    let database = await startEmbeddedPostgres(dataDir);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const version = (await client.query<{ server_version: string }>('SHOW server_version')).rows[0]?.server_version;
    await client.end();
    const load = await generate(database.url, recipes, log);
    log(`  loaded in ${load.seconds.toFixed(0)} s`);
    const sample = await sampleOf(database.url);
    await database.stop();

    const app = await startApp({ dataDir, seedDemo: false });
    const results: ScenarioResult[] = [];
    let memoryAfterLoad: MemoryUse | undefined;
    let list: Scenario[] = [];
    try {
      const sessions = await logIn(app.baseUrl);
      list = scenarios(sample, sessions).filter(keep);
      for (const scenario of list) {
        const average = loadAverage();
        await measure(app.baseUrl, scenario.requests('app'), 2);
        const result = await measure(app.baseUrl, scenario.requests('app'), seconds);
        if (scenario.key === 'list') memoryAfterLoad = memoryOf(app.pid);
        log(`  app ${scenario.key}: ${result.requestsPerSecond.toFixed(0)} req/s p50 ${result.p50} p99 ${result.p99}`);
        results.push({ key: scenario.key, name: scenario.name, app: result, ceiling: undefined, loadAverage: average });
      }
    } finally {
      await app.stop();
    }

    database = await startEmbeddedPostgres(dataDir);
    const ceiling = await startCeiling(database.url);
    try {
      const ceilingResults = await runCeilingOnly(list, ceiling, seconds, database.url, log);
      for (const result of results) result.ceiling = ceilingResults.get(result.key);
    } finally {
      await ceiling.stop();
      await database.stop();
    }
    return { load, postgresVersion: version ?? '?', results, memoryAfterLoad };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
