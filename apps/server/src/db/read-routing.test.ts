import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, registerUser, type TestContext } from '../test/app.js';
import { call, createRecipe, expectOk } from '../test/fixtures.js';
import { WRITER_COOKIE } from './read-routing.js';

// Issue 22: DATABASE_READ_URL. The "replica" is a second database made as a copy (CREATE DATABASE … TEMPLATE) with
// no replication: what is written to the writer never reaches it, which shows plainly where each read went.

const adminUrl = inject('adminDatabaseUrl');
const replicaName = `forkful_test_replica_${process.pid}_${Date.now()}`;
let ctx: TestContext;
let replica: pg.Client;

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  await admin(`CREATE DATABASE "${replicaName}" TEMPLATE "${inject('templateDatabase')}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${replicaName}`;
  replica = new pg.Client({ connectionString: url.toString() });
  await replica.connect();
  ctx = await createTestApp({ DATABASE_READ_URL: url.toString(), READ_YOUR_WRITES_SECONDS: '30' });
});
afterAll(async () => {
  await ctx?.close();
  await replica?.end();
  await admin(`DROP DATABASE IF EXISTS "${replicaName}" WITH (FORCE)`);
});

const titles = (page: { recipes: { title: string }[] }) => page.recipes.map((recipe) => recipe.title);

describe('DATABASE_READ_URL', () => {
  it('sends list, search and view reads to the replica, and a writer its next reads to the writer', async () => {
    // A recipe only the replica has.
    await replica.query(`
      INSERT INTO users (id, name, email, password_hash)
      VALUES ('00000000-0000-4000-8000-0000000000f1', 'Replica Cook', 'replica@example.com', 'x')`);
    const inserted = await replica.query<{ id: string }>(`
      INSERT INTO recipes (author_id, title, cooking_time, ingredients, steps, is_published)
      VALUES ('00000000-0000-4000-8000-0000000000f1', 'Only On The Replica', 10, ARRAY['a'], ARRAY['b'], true)
      RETURNING id`);
    const replicaId = inserted.rows[0]!.id;

    // An anonymous reader sees the replica's recipe in the list, in search and on its page.
    expect(titles(expectOk(await call(ctx.app, 'GET', '/recipes/all')))).toContain('Only On The Replica');
    const found = expectOk(await call(ctx.app, 'GET', '/recipes/search?query=Replica'));
    expect(JSON.stringify(found)).toContain('Only On The Replica');
    const view = await call(ctx.app, 'GET', `/recipes/${replicaId}/view-recipe`);
    expect(expectOk(view).title).toBe('Only On The Replica');
    expect(view.headers['set-cookie']).toBeUndefined();

    // A cook writes on the writer (sign-up and a new recipe) ...
    const cook = await registerUser(ctx.app, 'Writer Cook');
    const id = await createRecipe(ctx.app, cook.jar, { title: 'Just Written' });
    expect(cook.jar.get(WRITER_COOKIE)).toBe('1');
    // ... and their next reads go to the writer: they see what they wrote (the replica does not have it).
    expect(titles(expectOk(await call(ctx.app, 'GET', '/recipes/all', { jar: cook.jar })))).toContain('Just Written');
    expect(expectOk(await call(ctx.app, 'GET', `/recipes/${id}/view-recipe`, { jar: cook.jar })).title).toBe(
      'Just Written',
    );
    // Anyone else still reads the replica, which has no copy of the new recipe.
    const anonymous = titles(expectOk(await call(ctx.app, 'GET', '/recipes/all')));
    expect(anonymous).toContain('Only On The Replica');
    expect(anonymous).not.toContain('Just Written');
    expect((await call(ctx.app, 'GET', `/recipes/${id}/view-recipe`)).statusCode).toBe(404);
    // Routes not on the replica list (the signed-in user's saved recipes) always read the writer.
    expectOk(await call(ctx.app, 'GET', '/recipes/saved-recipes', { jar: cook.jar }));

    const metrics = await ctx.app.metrics.registry.metrics();
    expect(metrics).toMatch(/^forkful_db_pool_connections\{pool="reader",state="total"\} [1-9]\d*$/m);
  });
});
