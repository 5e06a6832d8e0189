import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from './client.js';

// A connection lost between a transaction's check-out and its BEGIN (PostgreSQL ending backends, a failover) must
// not keep its pooled client checked out: with a pool of one, the next query would wait for a client that never
// comes back. The socket is destroyed as the client is handed out, so BEGIN is the statement that fails.

let handle: DatabaseHandle | undefined;
afterEach(async () => {
  await handle?.close();
  handle = undefined;
});

function breakNextCheckout(pool: pg.Pool): void {
  pool.once('acquire', (client) => {
    (client as unknown as { connection: { stream: { destroy: () => void } } }).connection.stream.destroy();
  });
}

describe('db.transaction', () => {
  it('gives its client back when the connection is lost before BEGIN, so the pool serves the next query', async () => {
    handle = connectDatabase(inject('adminDatabaseUrl'), 1);
    const { db, pool } = handle;
    await db.execute(sql`SELECT 1`);
    breakNextCheckout(pool);
    let ran = false;
    await expect(
      db.transaction(async (tx) => {
        ran = true;
        await tx.execute(sql`SELECT 1`);
      }),
    ).rejects.toThrow();
    expect(ran).toBe(false);
    const after = await db.execute<{ n: number }>(sql`SELECT 2 AS n`);
    expect(after.rows[0]?.n).toBe(2);
    expect(pool.totalCount - pool.idleCount).toBe(0);
  });

  it('gives its client back when the connection is lost inside the work, and commits or rolls back as before', async () => {
    handle = connectDatabase(inject('adminDatabaseUrl'), 1);
    const { db } = handle;
    const result = await db.transaction(async (tx) => {
      const row = await tx.execute<{ n: number }>(sql`SELECT 3 AS n`);
      return row.rows[0]?.n;
    });
    expect(result).toBe(3);
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`SELECT 1`);
        throw new Error('the work failed');
      }),
    ).rejects.toThrow('the work failed');
    const pid = (await db.execute<{ pid: number }>(sql`SELECT pg_backend_pid() AS pid`)).rows[0]?.pid;
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_terminate_backend(pg_backend_pid())`);
      }),
    ).rejects.toThrow();
    const next = (await db.execute<{ pid: number }>(sql`SELECT pg_backend_pid() AS pid`)).rows[0]?.pid;
    expect(next).not.toBe(pid);
    expect(handle.pool.totalCount - handle.pool.idleCount).toBe(0);
  });
});
