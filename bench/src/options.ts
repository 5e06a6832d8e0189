import { parseArgs } from 'node:util';

export interface Options {
  sizes: Array<{ label: string; recipes: number }>;
  durationSeconds: number;
  skipLighthouse: boolean;
  skipEmbedded: boolean;
  /** Keep a database a finished earlier run generated with the same generator and migrations. */
  reuseData: boolean;
  /** Re-render the Markdown from a raw JSON file of an earlier run, measuring nothing. */
  render: string;
  /** Only these scenario keys (all when empty). */
  only: string[];
  adminUrl: string;
  /** The scenarios against one instance, one behind HAProxy and two behind HAProxy (bench/src/cluster.ts). */
  cluster: boolean;
}

export const USAGE = `npm run bench -- [--sizes 10k,100k,1m] [--duration 10] [--skip-lighthouse] [--skip-embedded]
                     [--reuse-data] [--only list,view,...] [--admin-url postgres://postgres@127.0.0.1:5432/postgres]
                     [--render bench/results/raw/<date>.json]
       npm run bench -- --cluster [--sizes 10k] [--duration 10] [--only list,view,...] [--reuse-data]`;

export const DEFAULT_SIZES = '10k,100k,1m';
export const DEFAULT_DURATION_SECONDS = 10;

/**
 * A full run measures every scenario at the default sizes and duration, with embedded mode and Lighthouse: only
 * such a run is the report the README links (latest.md). Any other run is a partial one.
 */
export function isFullRun(options: Options): boolean {
  return (
    options.only.length === 0 &&
    !options.skipLighthouse &&
    !options.skipEmbedded &&
    options.durationSeconds === DEFAULT_DURATION_SECONDS &&
    options.sizes.map((size) => size.label).join(',') === DEFAULT_SIZES
  );
}

function parseSize(text: string): { label: string; recipes: number } {
  const match = /^(\d+(?:\.\d+)?)([km]?)$/i.exec(text.trim());
  if (!match) throw new Error(`--sizes: '${text}' is not a size such as 10k or 1m`);
  const scale = { '': 1, k: 1_000, m: 1_000_000 }[(match[2] ?? '').toLowerCase()] ?? 1;
  const recipes = Math.round(Number(match[1]) * scale);
  if (recipes < 1000 || recipes > 5_000_000) throw new Error('--sizes: each size must be between 1k and 5m');
  return { label: text.trim().toLowerCase(), recipes };
}

export function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      sizes: { type: 'string', default: DEFAULT_SIZES },
      duration: { type: 'string', default: String(DEFAULT_DURATION_SECONDS) },
      'skip-lighthouse': { type: 'boolean', default: false },
      'skip-embedded': { type: 'boolean', default: false },
      'reuse-data': { type: 'boolean', default: false },
      render: { type: 'string', default: '' },
      only: { type: 'string', default: '' },
      'admin-url': {
        type: 'string',
        default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
      },
      cluster: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.info(USAGE);
    process.exit(0);
  }
  const durationSeconds = Number(values.duration);
  if (!Number.isInteger(durationSeconds) || durationSeconds < 1 || durationSeconds > 300) {
    throw new Error('--duration must be a whole number of seconds between 1 and 300');
  }
  const adminUrl = values['admin-url'];
  if (!['127.0.0.1', 'localhost'].includes(new URL(adminUrl).hostname)) {
    throw new Error('--admin-url must point at a PostgreSQL on 127.0.0.1: the bench drops and creates databases');
  }
  return {
    sizes: values.sizes
      .split(',')
      .filter(Boolean)
      .map(parseSize)
      .sort((a, b) => a.recipes - b.recipes),
    durationSeconds,
    skipLighthouse: values['skip-lighthouse'],
    skipEmbedded: values['skip-embedded'],
    reuseData: values['reuse-data'],
    render: values.render,
    only: values.only.split(',').filter(Boolean),
    adminUrl,
    cluster: values.cluster,
  };
}
