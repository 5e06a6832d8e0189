import { fileURLToPath } from 'node:url';
import { freePort, startProcess, type Running } from './processes.js';
import { serverMain } from './server-modules.js';

const HIGH_LIMIT = '1000000000';

/**
 * The real built server. `databaseUrl` undefined means embedded mode (PostgreSQL in DATA_DIR/pg). Rate limits are
 * lifted (50 clients from one address would hit them at once) and the access token outlives the whole run.
 */
export async function startApp(options: {
  dataDir: string;
  databaseUrl?: string;
  seedDemo: boolean;
  timeoutMs?: number;
  /** Further settings (the cluster mode gives both instances the same token secrets). */
  env?: Record<string, string>;
}): Promise<Running> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    // As `npm start` runs it (scripts/start.mjs).
    MALLOC_ARENA_MAX: '2',
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    SEED_DEMO: String(options.seedDemo),
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: HIGH_LIMIT,
    AUTH_RATE_LIMIT_MAX: HIGH_LIMIT,
    IMPORT_RATE_LIMIT_MAX: HIGH_LIMIT,
    ACCESS_TOKEN_TTL_SECONDS: '86400',
    // Canonical links and previews name the address Lighthouse loads (a canonical on another host fails its SEO audit).
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ...options.env,
  };
  delete env.DATABASE_URL;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  return startProcess({
    args: [serverMain],
    env,
    port,
    readyPath: '/api/v1/health/ready',
    timeoutMs: options.timeoutMs ?? 180_000,
  });
}

/** The ceiling server (bare pg + node:http), with the app's default pool size. */
export async function startCeiling(databaseUrl: string): Promise<Running> {
  const port = await freePort();
  const tsx = import.meta.resolve('tsx');
  const entry = fileURLToPath(new URL('./ceiling-server.ts', import.meta.url));
  return startProcess({
    args: ['--import', tsx, entry],
    env: { ...process.env, CEILING_DATABASE_URL: databaseUrl, CEILING_PORT: String(port), CEILING_POOL_MAX: '10' },
    port,
    readyPath: '/health',
    timeoutMs: 60_000,
  });
}
