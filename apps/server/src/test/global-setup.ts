import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connectDatabase } from '../db/client.js';
import { discardEmbeddedPostgres, startEmbeddedPostgres, type EmbeddedDatabase } from '../db/embedded.js';
import { runMigrations } from '../db/migrate.js';

const TEMPLATE = `forkful_template_${process.pid}`;

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    templateDatabase: string;
  }
}

/**
 * Starts the database every API test file uses: the server named by TEST_DATABASE_URL, or else a real embedded
 * PostgreSQL in .data-test/. One migrated template database is made here; each test file clones it into a fresh
 * database of its own (see ./app.ts), so no file ever shares data with another.
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedDatabase | undefined;
  let embeddedDir: string | undefined;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    // A folder per run, so two runs at once (two terminals, two helpers) never share or stop each other's server.
    const root = fileURLToPath(new URL('../../../../.data-test', import.meta.url));
    embeddedDir = path.join(root, `embedded-${process.pid}`);
    embedded = await startEmbeddedPostgres(embeddedDir);
    adminUrl = embedded.adminUrl;
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  admin.on('error', () => undefined);
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE}`);
  await admin.query(`CREATE DATABASE ${TEMPLATE}`);
  const templateUrl = withDatabase(adminUrl, TEMPLATE);
  const handle = connectDatabase(templateUrl, 2);
  await runMigrations(handle.db);
  await handle.close();
  project.provide('adminDatabaseUrl', adminUrl);
  project.provide('templateDatabase', TEMPLATE);

  return async () => {
    const leftovers = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE $1 OR datname = $2`,
      [`forkful_test_${process.pid}_%`, TEMPLATE],
    );
    for (const { datname } of leftovers.rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    await admin.end();
    await embedded?.stop();
    if (embeddedDir) {
      discardEmbeddedPostgres(embeddedDir);
      rmSync(embeddedDir, { recursive: true, force: true });
    }
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
