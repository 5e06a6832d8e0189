import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import type { Database } from './client.js';
import * as schema from './schema.js';

export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/**
 * The advisory-lock key every Forkful migrator takes (two int4 halves: 'FORK' and 'MIGR' in ASCII). Several instances
 * started at once (a compose deployment starts them together) run their migrations one after the other: the first
 * applies them, the others wait and then find nothing left to do. Without it, two `CREATE EXTENSION IF NOT EXISTS`
 * at once fail one of them on a unique violation in pg_extension.
 */
export const MIGRATION_LOCK = [0x464f524b, 0x4d494752] as const;

/**
 * Runs `work` while holding the migration lock: a session-level advisory lock on a connection of its own, taken
 * from the pool and held until `work` ends (a crash ends the session, which releases the lock). `work` gets that
 * connection, so statements run under the lock on the same session.
 */
export async function withMigrationLock<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  const onError = (error: Error) => {
    broken = error;
  };
  client.on('error', onError);
  try {
    await client.query('SELECT pg_advisory_lock($1, $2)', [...MIGRATION_LOCK]);
    try {
      return await work(client);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1, $2)', [...MIGRATION_LOCK]).catch((error: Error) => {
        broken = error;
      });
    }
  } finally {
    client.off('error', onError);
    // A connection that failed is not given back to the pool (its lock, if any, ends with it).
    client.release(broken);
  }
}

/** Applies every forward-only migration not yet applied, one migrator at a time. Safe to run at each start. */
export async function runMigrations(db: Database): Promise<void> {
  await withMigrationLock(db.$client, async (client) => {
    await migrate(drizzle(client, { schema }), { migrationsFolder });
  });
}
