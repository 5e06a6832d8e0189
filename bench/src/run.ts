// `npm run bench`: data sets of 10k, 100k and 1M recipes, the API scenarios against the real server and the
// ceiling, embedded mode, Lighthouse and bundle weights; results in bench/results/<date>.md and latest.md (a partial
// run's in raw/).
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { explainAll, runScenarios } from './api-bench.js';
import { runCluster } from './cluster.js';
import { coldStart, embeddedApi, tempDir } from './embedded.js';
import { imageReport, jsChunks, lighthousePage } from './front-end.js';
import { describeDatabase, generate, prepareDatabase } from './generate.js';
import { describeMachine } from './machine.js';
import { planMeals } from './meal-plan-data.js';
import { explainMealPlan, MEAL_PLAN_KEYS, mealPlanScenarios } from './meal-plan-scenarios.js';
import { isFullRun, parseOptions } from './options.js';
import type { Running } from './processes.js';
import { renderReport } from './report.js';
import type { FrontEndRun, RunResults, SizeRun } from './results.js';
import { buildIfMissing } from './server-modules.js';
import { startApp, startCeiling } from './servers.js';
import { logIn, sampleOf, scenarios, type Scenario } from './workload.js';

const resultsDir = fileURLToPath(new URL('../results/', import.meta.url));
const started = Date.now();
const log = (line: string) =>
  console.info(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(5)} s] ${line}`);

// Issue 19: `npm run bench -- recs …` is the recommendation bench, a run of its own (src/recs.ts).
if (process.argv[2] === 'recs') {
  await (await import('./recs.js')).runRecsBench(process.argv.slice(3));
  process.exit(0);
}
const options = parseOptions(process.argv.slice(2));
const keep = (scenario: Scenario) => options.only.length === 0 || options.only.includes(scenario.key);

async function sizeRun(label: string, recipes: number): Promise<SizeRun> {
  log(`${label}: preparing forkful_bench_${label}`);
  const database = await prepareDatabase(options.adminUrl, `forkful_bench_${label}`, recipes, options.reuseData);
  const load = database.reusable
    ? await describeDatabase(database.url, recipes)
    : await generate(database.url, recipes, log);
  log(`${label}: ${load.reused ? 'reused' : `loaded in ${load.seconds.toFixed(0)} s`}`);
  // Issue 18's planned meals: a step of its own on the generated database (kept when it already holds them).
  const planning = options.only.length === 0 || MEAL_PLAN_KEYS.some((key) => options.only.includes(key));
  const plannedMeals = planning ? await planMeals(database.url, recipes, log) : undefined;
  const dataDir = tempDir(label);
  const servers: Running[] = [];
  try {
    const app = await startApp({ dataDir, databaseUrl: database.url, seedDemo: false });
    servers.push(app);
    const ceiling = await startCeiling(database.url);
    servers.push(ceiling);
    const sample = await sampleOf(database.url);
    const planner = planning ? await mealPlanScenarios(app.baseUrl, database.url) : [];
    const list = [...scenarios(sample, await logIn(app.baseUrl)), ...planner].filter(keep);
    const results = await runScenarios(list, app, ceiling, options.durationSeconds, database.url, log);
    const explained = [
      ...(await explainAll(database.url, sample)),
      ...(planning ? await explainMealPlan(database.url) : []),
    ];
    return { label, recipes, load, plannedMeals, results, explained };
  } finally {
    for (const server of servers.reverse()) await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Lighthouse, chunk sizes and images against a server with demo content. */
async function frontEnd(server: Running, description: string): Promise<FrontEndRun> {
  const first = (await (await fetch(`${server.baseUrl}/api/v1/recipes/all?page=1&limit=1`)).json()) as {
    data: { recipes: Array<{ _id: string }> };
  };
  const recipePage = `/view-recipe/${first.data.recipes[0]?._id ?? 'missing'}`;
  const pages = [];
  for (const page of ['/', '/recipes', recipePage]) {
    log(`  Lighthouse ${page}`);
    pages.push(await lighthousePage(server.baseUrl, page));
  }
  const chunks = jsChunks();
  const landingScripts = pages[0]?.scripts ?? [];
  const landingGzipBytes = chunks
    .filter((chunk) => landingScripts.some((script) => script.endsWith(`/${chunk.file}`)))
    .reduce((sum, chunk) => sum + chunk.gzipBytes, 0);
  return {
    server: description,
    pages,
    chunks,
    landingScripts,
    landingGzipBytes,
    images: await imageReport(server.baseUrl, recipePage),
  };
}

/**
 * The first name of the day not taken yet in `dir` (`2026-11-24`, then `2026-11-24-2`, …): a second run on the same
 * day never overwrites the first one's report, nor what was written into it by hand.
 */
function freeName(dir: string, stamp: string): string {
  for (let n = 1; ; n++) {
    const name = n === 1 ? stamp : `${stamp}-${n}`;
    if (!existsSync(path.join(dir, `${name}.md`)) && !existsSync(path.join(dir, `${name}.json`))) return name;
  }
}

/**
 * A full run's report goes to bench/results/<date>.md and latest.md, its raw figures and plans to raw/. A partial
 * run (--only, --sizes, --duration or a --skip-… option) measures too little to stand for the targets, so its report
 * goes to raw/ (git-ignored) beside its figures, and latest.md stays the last full run.
 */
function writeReport(results: RunResults, kind: 'full' | 'partial' | 'rendered'): void {
  const stamp = results.startedAt.toISOString().slice(0, 10);
  const markdown = renderReport(results);
  const rawDir = path.join(resultsDir, 'raw');
  mkdirSync(rawDir, { recursive: true });
  let written: string;
  if (kind === 'partial') {
    const name = freeName(rawDir, `${stamp}-partial`);
    written = `bench/results/raw/${name}.md`;
    writeFileSync(path.join(rawDir, `${name}.md`), markdown);
    writeRaw(rawDir, name, results);
  } else {
    const name = freeName(resultsDir, stamp);
    written = `bench/results/${name}.md (and latest.md)`;
    writeFileSync(path.join(resultsDir, `${name}.md`), markdown);
    writeFileSync(path.join(resultsDir, 'latest.md'), markdown);
    if (kind === 'full') writeRaw(rawDir, name, results);
  }
  log(`results: ${written}`);
}

function writeRaw(rawDir: string, name: string, results: RunResults): void {
  writeFileSync(path.join(rawDir, `${name}.json`), JSON.stringify(results, null, 2));
  const plans = results.sizes.flatMap((size) => size.explained.map((e) => `-- ${size.label}: ${e.label}\n${e.plan}\n`));
  writeFileSync(path.join(rawDir, `${name}-plans.txt`), plans.join('\n'));
}

async function main(): Promise<void> {
  if (options.render) {
    // npm runs the script in bench/; a relative path is meant from where npm was started.
    const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), options.render);
    const saved = JSON.parse(readFileSync(file, 'utf8')) as RunResults;
    writeReport({ ...saved, startedAt: new Date(saved.startedAt), finishedAt: new Date(saved.finishedAt) }, 'rendered');
    return;
  }
  if (options.cluster) {
    buildIfMissing(log);
    await runCluster(options, log);
    return;
  }
  const notes: string[] = [];
  const { webBuiltNow } = buildIfMissing(log);
  if (webBuiltNow) notes.push('apps/web/dist was missing and was built by this run.');
  const startedAt = new Date();
  const machine = await describeMachine(options.adminUrl, 'not run');
  const sizes: SizeRun[] = [];
  for (const size of options.sizes) sizes.push(await sizeRun(size.label, size.recipes));

  let cold: RunResults['cold'];
  let front: FrontEndRun | undefined;
  let embedded: RunResults['embedded'];
  if (!options.skipEmbedded) {
    log('embedded: cold start from an empty data folder with demo content');
    const run = await coldStart(log);
    try {
      const { server: _server, dataDir: _dataDir, ...figures } = run;
      cold = figures;
      if (!options.skipLighthouse) front = await frontEnd(run.server, 'embedded mode, fresh data folder');
    } finally {
      await run.server.stop();
      rmSync(run.dataDir, { recursive: true, force: true });
    }
    const smallest = options.sizes[0] ?? { label: '10k', recipes: 10_000 };
    const label = smallest.recipes <= 10_000 ? smallest.label : '10k';
    log(`embedded: API scenarios at ${label}`);
    embedded = {
      label,
      ...(await embeddedApi(label === smallest.label ? smallest.recipes : 10_000, options.durationSeconds, keep, log)),
    };
  } else if (!options.skipLighthouse) {
    const database = await prepareDatabase(options.adminUrl, 'forkful_bench_demo', 0, false);
    const dataDir = tempDir('demo');
    const server = await startApp({ dataDir, databaseUrl: database.url, seedDemo: true });
    try {
      front = await frontEnd(server, 'local PostgreSQL, fresh database and data folder');
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }

  if (embedded) machine.embeddedPostgres = embedded.postgresVersion;
  const results: RunResults = {
    startedAt,
    finishedAt: new Date(),
    command: `npm run bench -- ${process.argv.slice(2).join(' ')}`.trim(),
    durationSeconds: options.durationSeconds,
    machine,
    sizes,
    cold,
    embedded,
    frontEnd: front,
    notes,
  };
  writeReport(results, isFullRun(options) ? 'full' : 'partial');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});
