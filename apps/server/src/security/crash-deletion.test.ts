import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { IMAGE_WIDTHS } from '@forkful/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeImage } from '../test/fixtures.js';
import {
  createDatabase,
  ensureBuilt,
  FetchJar,
  request,
  startServer,
  type ServerProcess,
} from '../test/server-process.js';
import { waitUntil } from '../test/state.js';
import { imageFileNames } from '../services/images.js';

// Killing the server (SIGKILL, power loss) in the middle of an account deletion must leave all of the account or
// none of it: the rows go in one transaction. Image files are removed only after the commit, so a crash between
// the commit and the removal can leave files of an account whose rows are gone (unreachable, harmless, reclaimable);
// it never leaves a row whose files are gone.

let database: { url: string; drop: () => Promise<void> };
let server: ServerProcess | undefined;
let dataDir: string | undefined;
let client: pg.Client;
let photo: Buffer;
let helper: { jar: FetchJar; recipe: string };

beforeAll(async () => {
  await ensureBuilt();
  database = await createDatabase();
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
  photo = await makeImage('jpeg', { width: 300, height: 200 });
}, 180_000);
afterAll(async () => {
  server?.child.kill('SIGKILL');
  await server?.exited;
  await client?.end();
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function start(): Promise<ServerProcess> {
  server = await startServer(database.url, dataDir);
  dataDir = server.dataDir;
  return server;
}

function form(fields: Record<string, string | string[]>, file?: { field: string }): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) body.append(name, item);
  }
  if (file) body.set(file.field, new Blob([photo], { type: 'image/jpeg' }), 'photo.jpg');
  return body;
}

async function signUp(
  base: string,
  name: string,
  withAvatar: boolean,
): Promise<{ id: string; jar: FetchJar; email: string }> {
  const jar = new FetchJar();
  const email = `${name.toLowerCase().replace(/\W/g, '')}-${Math.random().toString(36).slice(2)}@example.com`;
  const fields = { name, email, password: 'crash pass phrase' };
  const response = await request(base, 'POST', '/users/register', {
    jar,
    form: form(fields, withAvatar ? { field: 'avatar' } : undefined),
  });
  expect(response.status).toBe(201);
  return { id: (response.body.data as { user: { _id: string } }).user._id, jar, email };
}

async function newRecipe(base: string, jar: FetchJar, title: string, isPublished: boolean): Promise<string> {
  const fields = {
    title,
    cookingTime: '30',
    ingredients: ['salt', 'time'],
    steps: ['wait'],
    isPublished: String(isPublished),
  };
  const response = await request(base, 'POST', '/recipes/create-recipe', {
    jar,
    form: form(fields, { field: 'recipePhoto' }),
  });
  expect(response.status).toBe(201);
  return (response.body.data as { _id: string })._id;
}

/** Every row that belongs to or points at the user, counted table by table. */
async function rowsOf(userId: string): Promise<Record<string, number>> {
  const result = await client.query(
    `SELECT (SELECT count(*) FROM users WHERE id = $1)::int AS users,
            (SELECT count(*) FROM recipes WHERE author_id = $1)::int AS recipes,
            (SELECT count(*) FROM reviews WHERE owner_id = $1)::int AS reviews_written,
            (SELECT count(*) FROM reviews v JOIN recipes r ON r.id = v.recipe_id WHERE r.author_id = $1)::int AS reviews_received,
            (SELECT count(*) FROM saved_recipes WHERE user_id = $1)::int AS saved,
            (SELECT count(*) FROM saved_recipes s JOIN recipes r ON r.id = s.recipe_id WHERE r.author_id = $1)::int AS saved_by_others,
            (SELECT count(*) FROM sessions WHERE user_id = $1)::int AS sessions,
            (SELECT count(*) FROM refresh_tokens t JOIN sessions s ON s.id = t.session_id WHERE s.user_id = $1)::int AS refresh_tokens`,
    [userId],
  );
  return result.rows[0];
}

/** The image files the user's rows point at. */
async function filesOf(userId: string): Promise<string[]> {
  const keys = await client.query<{ kind: string; key: string }>(
    `SELECT 'avatar' AS kind, avatar_key AS key FROM users WHERE id = $1 AND avatar_key IS NOT NULL
     UNION ALL SELECT 'recipe', photo_key FROM recipes WHERE author_id = $1 AND photo_key IS NOT NULL`,
    [userId],
  );
  return keys.rows.flatMap(({ kind, key }) => imageFileNames(kind === 'avatar' ? 'avatar' : 'recipe', key));
}

/** Waits until no connection of the killed server is left: its open transaction has been rolled back or committed. */
async function serverConnectionsGone(): Promise<void> {
  await waitUntil(async () => {
    const open = await client.query(
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    return open.rows[0].n === 0;
  }, "the killed server's connections have closed");
}

describe('SIGKILL during an account deletion', () => {
  it('leaves all of the account or none of it, every time', async () => {
    let base = (await start()).base;
    const first = await signUp(base, 'Helper Cook', false);
    helper = { jar: first.jar, recipe: await newRecipe(base, first.jar, 'Helper Pie', true) };
    const outcomes: string[] = [];

    for (let round = 0; round < 4; round++) {
      const leaving = await signUp(base, `Leaving Cook ${round}`, true);
      const published = [
        await newRecipe(base, leaving.jar, `Leaving Stew ${round}`, true),
        await newRecipe(base, leaving.jar, `Leaving Soup ${round}`, true),
      ];
      await newRecipe(base, leaving.jar, `Leaving Draft ${round}`, false);
      for (const recipeId of published) {
        expect(
          (await request(base, 'POST', `/reviews/create/${recipeId}`, { jar: helper.jar, json: { rating: 4 } })).status,
        ).toBe(201);
        expect((await request(base, 'POST', `/recipes/${recipeId}/save-recipe`, { jar: helper.jar })).status).toBe(200);
      }
      expect(
        (await request(base, 'POST', `/reviews/create/${helper.recipe}`, { jar: leaving.jar, json: { rating: 2 } }))
          .status,
      ).toBe(201);
      expect((await request(base, 'POST', `/recipes/${helper.recipe}/save-recipe`, { jar: leaving.jar })).status).toBe(
        200,
      );
      const before = await rowsOf(leaving.id);
      const files = await filesOf(leaving.id);
      expect(files).toHaveLength(2 + 3 * IMAGE_WIDTHS.length);

      let blocker: pg.Client | undefined;
      if (round === 0) {
        // Kill it for certain half-way: hold a lock on one of the rows the deletion removes, wait until the deletion
        // is stuck on it (the user row already deleted in its transaction), and kill the server then.
        blocker = new pg.Client({ connectionString: database.url });
        blocker.on('error', () => undefined);
        await blocker.connect();
        await blocker.query('BEGIN');
        await blocker.query('SELECT 1 FROM saved_recipes WHERE user_id = $1 FOR UPDATE', [leaving.id]);
      }
      const deletion = request(base, 'DELETE', '/users/delete', { jar: leaving.jar }).catch((error: unknown) => error);
      if (blocker) {
        await waitUntil(async () => {
          const waiting = await client.query(
            `SELECT count(*)::int AS n FROM pg_stat_activity
             WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE 'delete from "users"%'`,
          );
          return waiting.rows[0].n > 0;
        }, 'the deletion waits half-way through its transaction');
      } else {
        // Otherwise at a random moment: before, during or after the transaction.
        await sleep(Math.floor(Math.random() * 60));
      }
      server?.child.kill('SIGKILL');
      await server?.exited;
      await deletion;
      if (blocker) {
        await blocker.query('COMMIT');
        await blocker.end();
      }
      await serverConnectionsGone();

      const after = await rowsOf(leaving.id);
      const uploads = path.join(dataDir ?? '', 'uploads');
      if (after.users === 1) {
        outcomes.push('all');
        expect(after, `round ${round}`).toEqual(before);
        for (const name of files) expect(existsSync(path.join(uploads, name)), name).toBe(true);
      } else {
        outcomes.push('none');
        expect(
          Object.values(after).every((count) => count === 0),
          JSON.stringify(after),
        ).toBe(true);
      }
      if (round === 0) expect(outcomes[0]).toBe('all');
      // Whatever happened, the ratings still add up and the helper's own files are still there.
      const ratings = await client.query(`
        SELECT r.id FROM recipes r
        WHERE r.rating_sum <> (SELECT coalesce(sum(rating), 0) FROM reviews WHERE recipe_id = r.id)
           OR r.total_reviews <> (SELECT count(*) FROM reviews WHERE recipe_id = r.id)`);
      expect(ratings.rows).toEqual([]);
      for (const name of await filesOf(first.id)) expect(existsSync(path.join(uploads, name)), name).toBe(true);

      base = (await start()).base;
      // An account that survived can be deleted again, completely.
      if (after.users === 1) {
        expect((await request(base, 'DELETE', '/users/delete', { jar: leaving.jar })).status).toBe(200);
        expect(Object.values(await rowsOf(leaving.id)).every((count) => count === 0)).toBe(true);
        for (const name of files) expect(existsSync(path.join(uploads, name)), name).toBe(false);
      }
    }
    expect(outcomes).toHaveLength(4);
  }, 120_000);
});
