import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, expect, inject, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from './client.js';
import { migrationsFolder, runMigrations } from './migrate.js';

// Several instances started at once on one empty database (a compose deployment starts them together): every one
// of them migrates, none fails, and the schema is there once. Before the migration lock, two at once failed one of
// them on `CREATE EXTENSION IF NOT EXISTS pg_trgm` (or on drizzle's own migrations table) in about half the rounds.

const adminUrl = inject('adminDatabaseUrl');
const created: string[] = [];

function urlOf(database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

afterAll(async () => {
  await admin(async (client) => {
    for (const name of created) await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });
});

const journalEntries = (
  JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }
).entries.length;
const ROUNDS = 5;
const MIGRATORS = 4;

it(`${MIGRATORS} migrators at once on an empty database all succeed, ${ROUNDS} rounds`, async () => {
  for (let round = 0; round < ROUNDS; round++) {
    const name = `forkful_test_migrate_${process.pid}_${Date.now()}_${round}`;
    created.push(name);
    await admin((client) => client.query(`CREATE DATABASE "${name}"`));
    // Each migrator has a pool of its own, as each instance would.
    const handles: DatabaseHandle[] = Array.from({ length: MIGRATORS }, () => connectDatabase(urlOf(name), 2));
    try {
      const results = await Promise.allSettled(handles.map((handle) => runMigrations(handle.db)));
      const failures = results.flatMap((result) => (result.status === 'rejected' ? [String(result.reason)] : []));
      expect(failures, `round ${round + 1}`).toEqual([]);
      const pool = handles[0]!.pool;
      const applied = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
      expect(applied.rows[0]?.n).toBe(journalEntries);
      const extension = await pool.query(`SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'`);
      expect(extension.rowCount).toBe(1);
      // The lock is given back: nobody holds it once every migrator is done.
      const held = await pool.query(`SELECT 1 FROM pg_locks
         WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`);
      expect(held.rowCount).toBe(0);
    } finally {
      for (const handle of handles) await handle.close();
    }
  }
});
