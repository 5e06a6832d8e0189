import type { ScenarioResult } from './api-bench.js';
import { CONNECTIONS } from './load.js';
import { ratio, type RunResults } from './results.js';
import { verdicts } from './targets.js';

const table = (head: string[], rows: Array<Array<string | number>>) =>
  [
    `| ${head.join(' | ')} |`,
    `|${head.map(() => '---').join('|')}|`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');
const num = (value: number, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

function scenarioTable(results: ScenarioResult[]): string {
  return table(
    [
      'Scenario',
      'App req/s',
      'App p50 ms',
      'App p99 ms',
      'App errors',
      'Ceiling req/s',
      'Ceiling p50',
      'Ceiling p99',
      'App ÷ ceiling',
      'Load avg',
    ],
    results.map((row) => [
      row.name,
      num(row.app.requestsPerSecond),
      row.app.p50,
      row.app.p99,
      row.app.errors,
      num(row.ceiling?.requestsPerSecond ?? Number.NaN),
      row.ceiling?.p50 ?? 'n/a',
      row.ceiling?.p99 ?? 'n/a',
      num(ratio(row), 2),
      row.loadAverage.split(' / ')[0] ?? '',
    ]),
  );
}

function growthTable(results: RunResults): string {
  const keys = results.sizes[0]?.results.map((row) => ({ key: row.key, name: row.name })) ?? [];
  const first = results.sizes[0];
  const last = results.sizes[results.sizes.length - 1];
  return table(
    ['Scenario', ...results.sizes.map((size) => `p50 ${size.label} (ms)`), `${last?.label} ÷ ${first?.label}`],
    keys.map(({ key, name }) => {
      const p50 = results.sizes.map((size) => size.results.find((row) => row.key === key)?.app.p50 ?? Number.NaN);
      const growth = (p50[p50.length - 1] ?? Number.NaN) / Math.max(1, p50[0] ?? Number.NaN);
      return [name, ...p50.map((value) => num(value)), num(growth, 2)];
    }),
  );
}

function sqlTable(results: RunResults): string {
  const labels = results.sizes[0]?.explained.map((row) => row.label) ?? [];
  return table(
    ['Statement (EXPLAIN ANALYZE)', ...results.sizes.map((size) => `${size.label} ms`)],
    labels.map((label) => [
      label,
      ...results.sizes.map((size) =>
        num(size.explained.find((row) => row.label === label)?.executionMs ?? Number.NaN, 2),
      ),
    ]),
  );
}

function frontEndSection(results: RunResults): string[] {
  const front = results.frontEnd;
  if (!front) return ['## Front end', '', 'Skipped (--skip-lighthouse).', ''];
  const images = front.images;
  return [
    '## Front end',
    '',
    `Lighthouse ${'12'} (mobile emulation, simulated throttling, median of 3 runs by performance score) against a ` +
      `server with demo content (${front.server}).`,
    '',
    table(
      ['Page', 'Performance', 'Accessibility', 'Best practices', 'SEO', 'LCP ms', 'CLS', 'TBT ms'],
      front.pages.map((page) => [
        `\`${page.page}\``,
        page.performance,
        page.accessibility,
        page.bestPractices,
        page.seo,
        num(page.lcpMs),
        num(page.cls, 3),
        num(page.tbtMs),
      ]),
    ),
    '',
    ...front.pages.flatMap((page) =>
      page.failing.length > 0 ? [`Audits below 0.9 on \`${page.page}\`: ${page.failing.join('; ')}.`, ''] : [],
    ),
    `Landing page (\`/\`) initial JS: **${kb(front.landingGzipBytes)} KB gzipped** (${front.landingScripts.join(', ')}).`,
    '',
    '### JS chunks (apps/web/dist/assets, gzip level 9)',
    '',
    table(
      ['Chunk', 'Raw KB', 'Gzipped KB'],
      front.chunks.map((chunk) => [chunk.file, kb(chunk.bytes), kb(chunk.gzipBytes)]),
    ),
    '',
    `Total: ${kb(front.chunks.reduce((sum, c) => sum + c.bytes, 0))} KB raw, ` +
      `${kb(front.chunks.reduce((sum, c) => sum + c.gzipBytes, 0))} KB gzipped.`,
    '',
    '### Images (demo photos, WebP)',
    '',
    `Grid thumbnail: at 375 px wide and 2x, the card's srcset resolves to the **${images.gridPick?.width ?? '?'}w** ` +
      `variant, ${kb(images.gridPick?.bytes ?? 0)} KB (${images.gridPick?.url ?? 'none'}). ` +
      `Hero at 375 px @2x: **${images.heroPick?.width ?? '?'}w**, ${kb(images.heroPick?.bytes ?? 0)} KB.`,
    '',
    table(
      ['Variant', 'Photos', 'Median KB', 'Largest KB'],
      images.variants.map((v) => [`${v.width}w`, v.count, kb(v.medianBytes), kb(v.maxBytes)]),
    ),
    '',
  ];
}

export function renderReport(results: RunResults): string {
  const m = results.machine;
  const lines: string[] = [
    `# Forkful benchmarks — ${results.startedAt.toISOString().slice(0, 10)}`,
    '',
    `Produced by \`${results.command}\` (${results.startedAt.toISOString()} → ${results.finishedAt.toISOString()}). ` +
      `Every scenario: ${CONNECTIONS} concurrent connections (autocannon), ${results.durationSeconds} s after a 2 s ` +
      'warm-up, latencies of 2xx answers in whole milliseconds. The ceiling is the same SQL through bare `pg` and ' +
      '`node:http` (bench/src/ceiling-server.ts), run the same way; app ÷ ceiling compares req/s.',
    '',
    '## Machine',
    '',
    table(
      [
        'CPU',
        'Cores',
        'Memory',
        'OS',
        'Node',
        'PostgreSQL (server)',
        'PostgreSQL (embedded)',
        'Chromium',
        'Load average at start',
      ],
      [[m.cpu, m.cores, `${m.memoryGb} GB`, m.os, m.node, m.postgres, m.embeddedPostgres, m.chromium, m.loadAverage]],
    ),
    '',
    'Load generator, Node server and PostgreSQL share the same 2 cores; Load avg is the 1-minute load average when ' +
      'the scenario started, which shows what else ran on the machine at the time.',
    '',
    '## Targets (issue 6)',
    '',
    table(
      ['Target', 'Measured', 'Result', 'Cause of a miss'],
      verdicts(results).map((v) => [
        v.target,
        v.measured,
        v.met === undefined ? 'n/a' : v.met ? 'met' : '**missed**',
        v.cause,
      ]),
    ),
    '',
    '## Data sets',
    '',
    table(
      ['Size', 'Recipes', 'Users', 'Reviews', 'Saves', 'Load time'],
      [...results.sizes.map((s) => s.load), ...(results.embedded ? [{ ...results.embedded.load }] : [])].map(
        (load, i) => [
          i < results.sizes.length ? (results.sizes[i]?.label ?? '') : `${results.embedded?.label} (embedded)`,
          load.recipes.toLocaleString('en'),
          load.users.toLocaleString('en'),
          load.reviews.toLocaleString('en'),
          load.saves.toLocaleString('en'),
          load.reused ? 'reused' : `${num(load.seconds)} s`,
        ],
      ),
    ),
    '',
    ...results.sizes.flatMap((size) =>
      size.plannedMeals
        ? [
            `Planned meals at ${size.label}: ${size.plannedMeals.entries.toLocaleString('en')} ` +
              `(${size.plannedMeals.reused ? 'reused' : `planned in ${num(size.plannedMeals.seconds)} s`}).`,
            '',
          ]
        : [],
    ),
    ...results.sizes.flatMap((size) => [
      `## API at ${size.label} recipes (local PostgreSQL)`,
      '',
      scenarioTable(size.results),
      '',
    ]),
  ];
  if (results.embedded) {
    lines.push(
      `## API at ${results.embedded.label} recipes (embedded mode, PostgreSQL ${results.embedded.postgresVersion})`,
      '',
      scenarioTable(results.embedded.results),
      '',
    );
  }
  if (results.sizes.length > 1) lines.push('## Growth (app p50)', '', growthTable(results), '');
  lines.push('## SQL execution time per size', '', sqlTable(results), '');
  lines.push('Plans: bench/results/raw/ (git-ignored), written by each run.', '');
  lines.push(...frontEndSection(results));
  if (results.cold) {
    const c = results.cold;
    lines.push(
      '## Embedded mode start-up and memory',
      '',
      table(
        ['Start', 'Start-up', 'Demo recipes', 'Idle RSS sum', 'Node RSS', 'Processes', 'Idle PSS sum'],
        [
          ['empty folder → serving demo content', c.startSeconds, c.memory] as const,
          ['restart on the same folder', c.restartSeconds, c.restartMemory] as const,
        ].map(([label, seconds, memory]) => [
          label,
          `${seconds.toFixed(1)} s`,
          c.publishedRecipes,
          `${num(memory.rssMb)} MB`,
          `${num(memory.nodeRssMb)} MB`,
          memory.processes,
          `${num(memory.pssMb)} MB`,
        ]),
      ),
      '',
    );
  }
  const loads = [...results.sizes.flatMap((size) => size.results), ...(results.embedded?.results ?? [])].map((row) =>
    Number(row.loadAverage.split(' / ')[0]),
  );
  const busiest = Math.max(0, ...loads);
  const notes = [...results.notes];
  if (busiest > m.cores * 2) {
    const atStart = Number(m.loadAverage.split(' / ')[0]);
    notes.push(
      `The 1-minute load average reached ${busiest.toFixed(1)} on ${m.cores} cores during the API scenarios. The ` +
        "bench's own processes (the load generator, the server and up to 10 PostgreSQL backends) account for much " +
        `of that; it was ${atStart.toFixed(2)} when the run started` +
        (atStart > m.cores / 2 ? ', so other work was running too' : '') +
        '. Absolute req/s and latencies vary between runs; app and ceiling of one scenario ran back to back, so ' +
        'their ratio is the steadier figure, and EXPLAIN ANALYZE times show what grows with the table.',
    );
  }
  if (notes.length > 0) lines.push('## Notes', '', ...notes.map((note) => `- ${note}`), '');
  return lines.join('\n');
}
