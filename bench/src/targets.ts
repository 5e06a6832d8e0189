import type { ScenarioResult } from './api-bench.js';
import type { PageScore } from './front-end.js';
import { CONNECTIONS } from './load.js';
import { ratio, type RunResults, type SizeRun } from './results.js';

export interface Verdict {
  target: string;
  measured: string;
  met: boolean | undefined;
  cause: string;
}

const METRICS = ['First Contentful Paint', 'Largest Contentful Paint', 'Total Blocking Time', 'Speed Index'];
const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function sqlTimes(size: SizeRun | undefined, key: string): string {
  const rows = size?.explained.filter((row) => row.key === key) ?? [];
  return rows.map((row) => `${row.label} ${ms(row.executionMs)}`).join('; ');
}

/** Why a p99 was missed: the ceiling's own p99 (SQL + HTTP floor) and the throughput bound at 50 connections. */
function latencyCause(result: ScenarioResult, size: SizeRun): string {
  const floor = result.ceiling
    ? `ceiling p99 ${ms(result.ceiling.p99)} at ${result.ceiling.requestsPerSecond.toFixed(0)} req/s`
    : '';
  const bound = `${CONNECTIONS} connections ÷ ${result.app.requestsPerSecond.toFixed(0)} req/s = ${ms((CONNECTIONS / result.app.requestsPerSecond) * 1000)} mean wait (Little's law): the 2 cores are saturated by Node, PostgreSQL and the load generator together`;
  return [floor, bound, `SQL alone (EXPLAIN ANALYZE): ${sqlTimes(size, result.key)}`].filter(Boolean).join('; ');
}

/**
 * At 50 connections a p50 is mostly time spent queueing, so it grows with the work each request costs. The ceiling
 * runs the same SQL without the framework: when its p50 grows beyond the target too, the database's work per
 * request grows with the table, and the SQL times per size show which statement. When only the app's p50 grew, the
 * two sizes were measured under different conditions on this shared machine.
 */
function growthCause(result: ScenarioResult, base: ScenarioResult, smallest: SizeRun, largest: SizeRun): string {
  const ceilingGrowth = result.ceiling && base.ceiling ? result.ceiling.p50 / Math.max(1, base.ceiling.p50) : NaN;
  const ceiling =
    result.ceiling && base.ceiling
      ? `the ceiling (same SQL, bare pg) went ${ms(base.ceiling.p50)} → ${ms(result.ceiling.p50)} (×${ceilingGrowth.toFixed(2)})`
      : 'no ceiling measured';
  const sqlGrowth = `SQL (EXPLAIN ANALYZE) ${smallest.label}: ${sqlTimes(smallest, result.key)} → ${largest.label}: ${sqlTimes(largest, result.key)}`;
  if (ceilingGrowth > 1.5) return `the database's work grows with the table: ${ceiling}; ${sqlGrowth}`;
  return (
    `not the database: ${ceiling}; the 1-minute load average was ${base.loadAverage.split(' / ')[0]} at ` +
    `${smallest.label} and ${result.loadAverage.split(' / ')[0]} at ${largest.label}; ${sqlGrowth}`
  );
}

function apiVerdicts(results: RunResults): Verdict[] {
  const verdicts: Verdict[] = [];
  const largest = results.sizes[results.sizes.length - 1];
  const smallest = results.sizes[0];
  if (!largest || !smallest) return verdicts;
  const at = `at ${largest.label}`;
  const p99Targets: Array<[string, string, number]> = [
    ['suggest', 'Suggestions p99', 15],
    ['list', 'List page p99', 20],
    ['view', 'View recipe p99', 20],
    ['sitemap', 'Sitemap page p99 (1 connection)', 200],
  ];
  for (const [key, label, limit] of p99Targets) {
    const result = largest.results.find((row) => row.key === key);
    if (!result) continue;
    const met = result.app.p99 <= limit;
    verdicts.push({
      target: `${label} ≤ ${limit} ms ${at}`,
      measured: ms(result.app.p99),
      met,
      cause: met ? '' : latencyCause(result, largest),
    });
  }
  verdicts.push(...mealPlanVerdicts(largest));
  for (const result of largest.results) {
    // A scenario without a ceiling (sitemap, import, the meal planner's) has no ratio to judge.
    if (!result.ceiling) continue;
    const value = ratio(result);
    const met = value >= 0.7;
    const timedOut = result.app.errors > 0 || (result.ceiling?.errors ?? 0) > 0;
    if (timedOut) {
      verdicts.push({
        target: `${result.key}: app ÷ ceiling ≥ 0.7 ${at}`,
        measured: `${Number.isNaN(value) ? 'n/a' : value.toFixed(2)} (not meaningful)`,
        met: undefined,
        cause: `requests timed out (10 s) on both servers: the SQL alone takes ${sqlTimes(largest, result.key)}`,
      });
      continue;
    }
    verdicts.push({
      target: `${result.key}: app ÷ ceiling ≥ 0.7 ${at}`,
      measured: Number.isNaN(value) ? 'n/a' : value.toFixed(2),
      met: Number.isNaN(value) ? undefined : met,
      cause: met
        ? ''
        : `app ${result.app.requestsPerSecond.toFixed(0)} vs ceiling ${result.ceiling?.requestsPerSecond.toFixed(0)} req/s: ` +
          'Fastify routing, zod validation and response serialisation, cookie and JWT checks, drizzle, logging hooks',
    });
  }
  if (largest !== smallest) {
    for (const result of largest.results) {
      const base = smallest.results.find((row) => row.key === result.key);
      if (!base) continue;
      const growth = result.app.p50 / Math.max(1, base.app.p50);
      const met = growth <= 1.5;
      verdicts.push({
        target: `${result.key}: p50 ${largest.label} ÷ p50 ${smallest.label} ≤ 1.5`,
        measured: `${growth.toFixed(2)} (${ms(base.app.p50)} → ${ms(result.app.p50)})`,
        met,
        cause: met ? '' : growthCause(result, base, smallest, largest),
      });
    }
  }
  return verdicts;
}

/** Issue 18: the week and the list read about as fast as a recipe; adding a week of 21 meals under 100 ms. */
function mealPlanVerdicts(size: SizeRun): Verdict[] {
  const verdicts: Verdict[] = [];
  const at = `at ${size.label}`;
  const view = size.results.find((row) => row.key === 'view');
  const reads: Array<[string, string]> = [
    ['planWeek', 'Meal plan week read'],
    ['shoppingList', 'Shopping list read'],
  ];
  for (const [key, label] of reads) {
    const result = size.results.find((row) => row.key === key);
    if (!result) continue;
    const target = `${label} p50 ≤ 1.5 × view recipe p50 ${at}`;
    if (!view) {
      verdicts.push({ target, measured: ms(result.app.p50), met: undefined, cause: 'view was not run beside it' });
      continue;
    }
    const met = result.app.p50 <= 1.5 * view.app.p50;
    verdicts.push({
      target,
      measured: `${ms(result.app.p50)} vs view ${ms(view.app.p50)} (×${(result.app.p50 / Math.max(1, view.app.p50)).toFixed(2)})`,
      met,
      cause: met ? '' : `SQL alone (EXPLAIN ANALYZE): ${sqlTimes(size, key)}`,
    });
  }
  const add = size.results.find((row) => row.key === 'addWeek');
  if (add) {
    const met = add.app.p50 < 100;
    verdicts.push({
      target: `Add this week to the list (21 meals, one at a time) p50 < 100 ms ${at}`,
      measured: `${ms(add.app.p50)} (p99 ${ms(add.app.p99)})`,
      met,
      cause: met ? '' : `SQL alone (EXPLAIN ANALYZE): ${sqlTimes(size, 'addWeek')}`,
    });
  }
  return verdicts;
}

function frontEndVerdicts(results: RunResults): Verdict[] {
  const front = results.frontEnd;
  if (!front) return [];
  const verdicts: Verdict[] = [];
  const checks: Array<[string, (page: PageScore) => number, (value: number) => boolean, string]> = [
    ['performance ≥ 98', (p) => p.performance, (v) => v >= 98, 'Performance'],
    ['accessibility 100', (p) => p.accessibility, (v) => v >= 100, 'Accessibility'],
    ['best practices ≥ 95', (p) => p.bestPractices, (v) => v >= 95, 'Best Practices'],
    ['SEO ≥ 95', (p) => p.seo, (v) => v >= 95, 'SEO'],
    ['LCP ≤ 1.5 s', (p) => p.lcpMs, (v) => v <= 1500, 'Performance'],
    ['CLS ≤ 0.01', (p) => p.cls, (v) => v <= 0.01, 'Performance'],
    ['TBT ≤ 50 ms', (p) => p.tbtMs, (v) => v <= 50, 'Performance'],
  ];
  for (const page of front.pages) {
    for (const [label, value, ok, category] of checks) {
      const measured = value(page);
      const met = ok(measured);
      const shown =
        label.startsWith('LCP') || label.startsWith('TBT') ? ms(measured) : String(Number(measured.toFixed(3)));
      const failing = page.failing
        .filter((line) => line.startsWith(category) && !METRICS.some((metric) => line.includes(`: ${metric}`)))
        .slice(0, 6);
      verdicts.push({
        target: `Lighthouse ${page.page}: ${label}`,
        measured: shown,
        met,
        cause: met ? '' : failing.join('; ') || 'see the Lighthouse table',
      });
    }
  }
  const landingMet = front.landingGzipBytes <= 100 * 1024;
  verdicts.push({
    target: 'Landing initial JS ≤ 100 KB gzipped',
    measured: kb(front.landingGzipBytes),
    met: landingMet,
    cause: landingMet
      ? ''
      : 'scripts loaded by /: ' +
        front.chunks
          .filter((chunk) => front.landingScripts.some((script) => script.endsWith(`/${chunk.file}`)))
          .map((chunk) => `${chunk.file} ${kb(chunk.gzipBytes)}`)
          .join(', '),
  });
  const grid = front.images.gridPick;
  const gridVariant = front.images.variants.find((variant) => variant.width === grid?.width);
  if (grid) {
    const worst = Math.max(grid.bytes, gridVariant?.maxBytes ?? 0);
    verdicts.push({
      target: 'Grid thumbnail ≤ 30 KB (what a 375 px @2x phone downloads)',
      measured: `${grid.width}w: ${kb(grid.bytes)} (largest demo ${kb(gridVariant?.maxBytes ?? 0)})`,
      met: worst <= 30 * 1024,
      cause:
        worst <= 30 * 1024
          ? ''
          : `the grid's sizes say 100vw below 640 px, so at 375 px × 2 = 750 device px the srcset resolves to the ${grid.width}w variant`,
    });
  }
  const hero = front.images.variants.find((variant) => variant.width === 1280);
  if (hero) {
    verdicts.push({
      target: 'Hero photo (1280 variant) ≤ 150 KB',
      measured: `median ${kb(hero.medianBytes)}, largest ${kb(hero.maxBytes)}`,
      met: hero.maxBytes <= 150 * 1024,
      cause: hero.maxBytes <= 150 * 1024 ? '' : 'WebP quality 68 at 1280 px for the most detailed demo photos',
    });
  }
  return verdicts;
}

function embeddedVerdicts(results: RunResults): Verdict[] {
  const cold = results.cold;
  if (!cold) return [];
  const startMet = cold.startSeconds <= 10;
  const memoryMet = cold.memory.rssMb <= 250;
  return [
    {
      target: 'Embedded: empty data folder → serving demo content ≤ 10 s',
      measured: `${cold.startSeconds.toFixed(1)} s`,
      met: startMet,
      cause: startMet
        ? ''
        : 'initdb, PostgreSQL start, migrations and the demo seed (image encoding) run one after another',
    },
    {
      target: 'Embedded: idle memory of Forkful + its PostgreSQL ≤ 250 MB (RSS sum)',
      measured: `${cold.memory.rssMb.toFixed(0)} MB (Node ${cold.memory.nodeRssMb.toFixed(0)} MB; PSS ${cold.memory.pssMb.toFixed(0)} MB)`,
      met: memoryMet,
      cause: memoryMet
        ? ''
        : `RSS counts shared memory once per process (${cold.memory.processes} processes); PSS, which splits it, is ` +
          `${cold.memory.pssMb.toFixed(0)} MB. After a restart on the same folder (no image encoding for the seed): ` +
          `${cold.restartMemory.rssMb.toFixed(0)} MB RSS, Node ${cold.restartMemory.nodeRssMb.toFixed(0)} MB`,
    },
  ];
}

export function verdicts(results: RunResults): Verdict[] {
  return [...apiVerdicts(results), ...frontEndVerdicts(results), ...embeddedVerdicts(results)];
}
