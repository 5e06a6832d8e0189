// Two instances started at the same moment on an EMPTY database (a compose deployment starts them together): both
// must come up, and the migrations must be applied exactly once. Issue 22 found one instance crashing in
// `CREATE EXTENSION IF NOT EXISTS pg_trgm` in about half such starts; a few rounds make a race visible.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEmptyDatabase, queryDatabase } from './harness/database.js';
import { freePort } from './harness/haproxy.js';
import { removeFolder, startInstance, stopInstance } from './harness/instance.js';
import { repositoryRoot } from './harness/paths.js';

const ROUNDS = Number(process.env.CLUSTER_RACE_ROUNDS ?? 4);
const journal = JSON.parse(
  readFileSync(path.join(repositoryRoot, 'apps', 'server', 'drizzle', 'meta', '_journal.json'), 'utf8'),
) as { entries: Array<{ tag: string }> };

describe('two instances started at once on an empty database', () => {
  for (let round = 1; round <= ROUNDS; round++) {
    it(`both come up and the migrations are applied once (round ${round} of ${ROUNDS})`, async () => {
      const database = await createEmptyDatabase(`race${round}`);
      const env = {
        DATABASE_URL: database.url,
        ACCESS_TOKEN_SECRET: randomBytes(36).toString('base64url'),
        REFRESH_TOKEN_SECRET: randomBytes(36).toString('base64url'),
      };
      const instances = [
        startInstance('race-a', await freePort(), env),
        startInstance('race-b', await freePort(), env),
      ];
      try {
        await Promise.all(instances.map((instance) => instance.ready()));
        const applied = await queryDatabase<{ hash: string }>(
          database.url,
          'SELECT hash FROM drizzle.__drizzle_migrations ORDER BY id',
        );
        expect(applied).toHaveLength(journal.entries.length);
        expect(new Set(applied.map((row) => row.hash)).size).toBe(journal.entries.length);
        const extensions = await queryDatabase<{ extname: string }>(
          database.url,
          "SELECT extname FROM pg_extension WHERE extname = 'pg_trgm'",
        );
        expect(extensions).toHaveLength(1);
      } finally {
        for (const instance of instances) {
          await stopInstance(instance, 'SIGKILL');
          removeFolder(instance.dataDir);
        }
        await database.drop();
      }
    }, 120_000);
  }
});
