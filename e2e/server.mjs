// Starts the production build of Forkful for the end-to-end journeys: a fresh data folder, a fresh database
// (a new database on TEST_DATABASE_URL's server, or the embedded PostgreSQL) and demo content. The journeys sign up
// many fresh cooks in parallel, so the per-address log-in/sign-up limit is raised; the expired-token journey forges
// its own expired access token rather than waiting for one.
import { spawn } from 'node:child_process';
import { rmSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = fileURLToPath(new URL('..', import.meta.url));
const dataDir = path.join(root, 'e2e', 'artifacts', 'data');
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });

const env = {
  ...process.env,
  DATA_DIR: dataDir,
  PORT: process.env.E2E_PORT ?? '3210',
  HOST: '127.0.0.1',
  SEED_DEMO: 'true',
  LOG_LEVEL: 'warn',
  AUTH_RATE_LIMIT_MAX: '1000',
  // Two browsers journeying at once from one address; the limits themselves are tested in the security suite.
  RATE_LIMIT_MAX: '100000',
  // The journeys check that pages come drawn (server-drawn.spec.ts): two browsers and the server share two cores, and
  // the default 250 ms budget for a page's data sometimes ran out there, sending the page undrawn.
  PAGE_DATA_BUDGET_MS: '5000',
  // Issue 21: the import journey serves its recipe page under this name on loopback (nothing else is allowed).
  IMPORT_TEST_HOSTS: 'recipes.e2e.test',
  IMPORT_RATE_LIMIT_MAX: '1000',
};
delete env.DATABASE_URL;
if (process.env.TEST_DATABASE_URL) {
  const name = `forkful_e2e_${process.pid}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
}

const server = spawn(process.execPath, [path.join(root, 'apps', 'server', 'dist', 'main.js')], {
  env,
  stdio: 'inherit',
});
const stop = () => server.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.on('exit', (code) => process.exit(code ?? 0));
