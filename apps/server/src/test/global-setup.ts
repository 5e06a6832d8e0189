import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connectDatabase } from '../db/client.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../db/embedded.js';
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
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const root = fileURLToPath(new URL('../../../../.data-test', import.meta.url));
    embedded = await startEmbeddedPostgres(path.join(root, 'embedded'));
    adminUrl = embedded.adminUrl;
  }
  const admin = new pg.Client({ connectionString: adminUrl });
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
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
