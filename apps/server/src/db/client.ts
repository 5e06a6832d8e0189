import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.js';

/** Drizzle over a pg pool; `$client` is the pool, for the few statements written as plain SQL (search). */
export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };
/** A database handle or an open transaction: repositories take either. */
export type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  pool: pg.Pool;
  close: () => Promise<void>;
}

export function connectDatabase(url: string, max = 10, onIdleError?: (error: Error) => void): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30000,
    // JIT compiles a plan whose estimated cost is high, even for a branch that never runs: 9 of the 11 ms of a
    // full search at 1M recipes were JIT. Our statements are short index lookups; JIT never pays for them.
    options: '-c jit=off',
  });
  // A client whose server went away emits 'error'; without a listener that would crash the process. The pool
  // listens to its idle clients only, so a client checked out for a transaction, between two of its statements
  // (when a backend is terminated, say), had none. Its loss needs no report of its own: the transaction's next
  // statement fails (503), and pg-pool discards a broken client when it is released.
  pool.on('connect', (client) => client.on('error', () => undefined));
  pool.on('error', (error) => onIdleError?.(error));
  const db = drizzle(pool, { schema });
  db.transaction = transactionOn(pool);
  return { db, pool, close: () => pool.end() };
}

/**
 * `db.transaction` with the pooled client released whatever fails. Drizzle's own (0.45) sends BEGIN before its
 * try/finally, so a connection lost between check-out and BEGIN (PostgreSQL ending backends, a failover) kept its
 * client checked out for good; a few of those and every query waited for a client until the pool's timeout, and
 * readiness answered 503 long after the database was back. Here the transaction runs through a drizzle handle over
 * the checked-out client itself (made once per connection), and this function releases it; pg-pool drops a client
 * whose connection broke.
 */
function transactionOn(pool: pg.Pool): Database['transaction'] {
  const onClient = new WeakMap<pg.PoolClient, NodePgDatabase<typeof schema>>();
  return async (work, config) => {
    const client = await pool.connect();
    try {
      let handle = onClient.get(client);
      if (!handle) {
        handle = drizzle(client, { schema });
        onClient.set(client, handle);
      }
      return await handle.transaction(work, config);
    } finally {
      client.release();
    }
  };
}
