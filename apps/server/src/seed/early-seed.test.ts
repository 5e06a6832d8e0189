// A new embedded data folder prepares the demo (its images) in a child process while PostgreSQL is created (seed/in-child.ts); the
// server then hands it the migrated database. This runs that child for real (src/cli/seed.ts under tsx).
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/app.js';
import { startEarlySeed } from './in-child.js';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

const files = (dir: string) => (existsSync(dir) ? readdirSync(dir) : []);

describe('the early demo seed', () => {
  it('stores the images first, then fills the database it is handed', async () => {
    const early = startEarlySeed({ DATA_DIR: ctx.config.dataDir });
    await early.seed(ctx.databaseUrl);
    const result = await ctx.database.db.execute<{ users: number; recipes: number }>(
      sql`SELECT (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM recipes) AS recipes`,
    );
    expect(result.rows[0]).toEqual({ users: 8, recipes: 41 });
    const photos = await ctx.database.db.execute<{ key: string }>(
      sql`SELECT photo_key AS key FROM recipes WHERE photo_key IS NOT NULL`,
    );
    expect(photos.rows.length).toBeGreaterThan(0);
    const stored = files(ctx.config.uploadsDir);
    for (const { key } of photos.rows) expect(stored.some((name) => name.includes(key))).toBe(true);
  }, 60_000);

  it('removes the images it stored when the server gives up before handing over a database', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'forkful-early-'));
    try {
      const early = startEarlySeed({ DATA_DIR: dataDir });
      await early.cancel();
      expect(files(path.join(dataDir, 'uploads'))).toEqual([]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
