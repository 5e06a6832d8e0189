import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../../db/client.js';
import { migrationsFolder, runMigrations } from '../../db/migrate.js';
import { Mappers } from '../mappers.js';
import { RecipeRepository } from '../../repositories/recipes.js';
import { backfillIngredientDetails } from './backfill.js';

// A data folder from before issue 17: migrated to 0003, with recipes. After the upgrade's start-up (the
// migrations, then the backfill main.ts starts) every recipe has stored, parsed ingredient details.

const adminUrl = inject('adminDatabaseUrl');
const name = `forkful_test_backfill_${process.pid}_${Date.now()}`;
let database: DatabaseHandle;
let oldMigrations: string;

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  database = connectDatabase(url.toString(), 4);

  // The migrations as they were before 0004.
  oldMigrations = mkdtempSync(path.join(tmpdir(), 'forkful-migrations-'));
  mkdirSync(path.join(oldMigrations, 'meta'));
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  journal.entries = journal.entries.filter((entry) => entry.idx <= 3);
  writeFileSync(path.join(oldMigrations, 'meta', '_journal.json'), JSON.stringify(journal));
  for (const { tag } of journal.entries) {
    copyFileSync(path.join(migrationsFolder, `${tag}.sql`), path.join(oldMigrations, `${tag}.sql`));
  }
  await migrate(database.db, { migrationsFolder: oldMigrations });
});

afterAll(async () => {
  await database?.close();
  rmSync(oldMigrations, { recursive: true, force: true });
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.end();
});

it('an old data folder gets parsed ingredients for every recipe after the upgrade', async () => {
  const { db } = database;
  await db.execute(sql`
    INSERT INTO users (id, name, email, password_hash)
    VALUES ('00000000-0000-4000-8000-0000000000aa', 'Old Cook', 'old@example.com', 'x')`);
  // Enough recipes for several batches, published and drafts.
  await db.execute(sql`
    INSERT INTO recipes (author_id, title, cooking_time, ingredients, steps, is_published)
    SELECT '00000000-0000-4000-8000-0000000000aa', 'Old Recipe ' || i, 10,
           ARRAY['For the dough:', i || ' cups flour', '1,5 dl milk', 'salt to taste'], ARRAY['Mix'], i % 3 <> 0
    FROM generate_series(1, 25) i`);

  await runMigrations(db);
  const pending = await db.execute<{ count: string }>(
    sql`SELECT count(*) FROM recipes WHERE ingredient_details IS NULL`,
  );
  expect(Number(pending.rows[0]?.count)).toBe(25);

  expect(await backfillIngredientDetails(db, 10)).toBe(25);
  const rows = await db.execute<{ title: string; details: { quantity: number | null; unit: string | null }[] }>(
    sql`SELECT title, ingredient_details AS details FROM recipes ORDER BY title`,
  );
  expect(rows.rows).toHaveLength(25);
  for (const row of rows.rows) {
    const n = Number(row.title.replace('Old Recipe ', ''));
    expect(row.details).toMatchObject([
      { isHeading: true, quantity: null },
      { quantity: n, unit: 'cup', food: 'flour' },
      { quantity: 1.5, unit: 'dl', food: 'milk' },
      { quantity: null, note: 'to taste' },
    ]);
  }
  // A second start finds nothing to do.
  expect(await backfillIngredientDetails(db, 10)).toBe(0);

  // And the view answers with them.
  const repository = new RecipeRepository(db);
  const [first] = (await db.execute<{ id: string }>(sql`SELECT id FROM recipes WHERE is_published LIMIT 1`)).rows;
  const mappers = new Mappers({ variants: () => [] } as never);
  const recipe = mappers.recipe(await repository.findVisible(first!.id, null));
  expect(recipe.ingredientDetails[2]).toMatchObject({ text: '1,5 dl milk', quantity: 1.5, unit: 'dl' });
});
