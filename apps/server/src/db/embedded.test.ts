import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded.js';

// This file always uses the embedded PostgreSQL (whatever TEST_DATABASE_URL says), so CI exercises the
// default `npm start` database path too.
const dataDir = mkdtempSync(path.join(tmpdir(), 'forkful-embedded-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

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
