import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
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
//
// Each round kills the server at one chosen point of the deletion, the same point on every run: the deletion is
// held there by a lock that a second connection owns (a row the deletion must lock, or an advisory lock taken by a
// trigger installed in this test's own database), the test waits until the server's query is blocked by that
// connection, kills the server, then lets go.

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
            (SELECT count(*) FROM refresh_tokens t JOIN sessions s ON s.id = t.session_id WHERE s.user_id = $1)::int AS refresh_tokens,
            (SELECT count(*) FROM meal_plan_entries WHERE user_id = $1)::int AS meal_plan_entries,
            (SELECT count(*) FROM meal_plan_settings WHERE user_id = $1)::int AS meal_plan_settings,
            (SELECT count(*) FROM meal_plan_calendar_feeds WHERE user_id = $1)::int AS calendar_feeds,
            (SELECT count(*) FROM shopping_items WHERE user_id = $1)::int AS shopping_items,
            (SELECT count(*) FROM shopping_item_sources WHERE user_id = $1)::int AS shopping_item_sources`,
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

/**
 * Hold points inside the deletion's transaction that no row lock can reach: each trigger takes a shared advisory
 * lock named after its point, so it waits while a holder owns that lock and passes straight through otherwise. The
 * deferred one runs when the transaction commits, after the client has already sent COMMIT.
 */
async function installHoldPoints(): Promise<void> {
  await client.query(`
    CREATE FUNCTION crash_test_hold() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_advisory_xact_lock_shared(hashtext(TG_ARGV[0]));
      RETURN NULL;
    END $$;
    CREATE TRIGGER crash_test_before_delete BEFORE DELETE ON users
      FOR EACH STATEMENT EXECUTE FUNCTION crash_test_hold('before-delete');
    CREATE TRIGGER crash_test_after_delete AFTER DELETE ON users
      FOR EACH STATEMENT EXECUTE FUNCTION crash_test_hold('after-delete');
    CREATE CONSTRAINT TRIGGER crash_test_commit AFTER DELETE ON users DEFERRABLE INITIALLY DEFERRED
      FOR EACH ROW EXECUTE FUNCTION crash_test_hold('commit');`);
  // PostgreSQL's default, pinned: a backend waiting on a lock does not notice that its client died, so a COMMIT
  // that was already sent still completes (the 'commit' round's expected outcome).
  await client.query(`DO $$ BEGIN
    EXECUTE format('ALTER DATABASE %I SET client_connection_check_interval = 0', current_database());
  END $$`);
}

interface Round {
  point: string;
  /** Takes the lock that holds the deletion at `point`, on the holder's open transaction. */
  hold?: (holder: pg.Client, leavingId: string) => Promise<unknown>;
  /** The account's rows after the crash. */
  rows: 'all' | 'none';
  /** Whether the account's image files are still on disk after the crash. */
  files: boolean;
}

const advisory = (point: string) => (holder: pg.Client) =>
  holder.query('SELECT pg_advisory_xact_lock(hashtext($1))', [point]);

const rounds: Round[] = [
  // The account and the recipes it reviewed are locked, nothing is deleted yet.
  { point: 'before-delete', hold: advisory('before-delete'), rows: 'all', files: true },
  {
    point: 'half-way through the cascade',
    // The user row is already deleted in the transaction when the cascade reaches this saved recipe.
    hold: (holder, leavingId) => holder.query('SELECT 1 FROM saved_recipes WHERE user_id = $1 FOR UPDATE', [leavingId]),
    rows: 'all',
    files: true,
  },
  // Every row gone in the transaction, the ratings of the recipes it reviewed not yet recomputed.
  { point: 'after-delete', hold: advisory('after-delete'), rows: 'all', files: true },
  // COMMIT sent and carried out by the database after the server died: the files stay, with no row pointing at them.
  { point: 'commit', hold: advisory('commit'), rows: 'none', files: true },
  { point: 'after the answer', rows: 'none', files: false },
];

/** Waits until one of the server's queries is blocked by the holder's lock. */
async function blockedBy(holder: pg.Client, point: string): Promise<void> {
  const { rows } = await holder.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  await waitUntil(async () => {
    const blocked = await client.query(
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))',
      [rows[0]!.pid],
    );
    return blocked.rows[0].n > 0;
  }, `the deletion waits at ${point}`);
}

describe('SIGKILL during an account deletion', () => {
  it('leaves all of the account or none of it, at every point', async () => {
    await installHoldPoints();
    let base = (await start()).base;
    const first = await signUp(base, 'Helper Cook', false);
    helper = { jar: first.jar, recipe: await newRecipe(base, first.jar, 'Helper Pie', true) };
    for (const [index, round] of rounds.entries()) {
      const leaving = await signUp(base, `Leaving Cook ${index}`, true);
      const published = [
        await newRecipe(base, leaving.jar, `Leaving Stew ${index}`, true),
        await newRecipe(base, leaving.jar, `Leaving Soup ${index}`, true),
      ];
      await newRecipe(base, leaving.jar, `Leaving Draft ${index}`, false);
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
      // Issue 18: a planned meal, slot times, a calendar feed and a shopping list built from the plan.
      const planned = await request(base, 'POST', '/meal-plan', {
        jar: leaving.jar,
        json: { date: '2026-11-30', slot: 'dinner', recipeId: helper.recipe },
      });
      expect(planned.status).toBe(201);
      for (const [method, route, json] of [
        ['PATCH', '/meal-plan/settings', { eventMinutes: 20 }],
        ['GET', '/meal-plan/calendar-link', undefined],
        ['POST', '/shopping-list/from-meal-plan', { from: '2026-11-30', to: '2026-11-30' }],
      ] as const) {
        expect((await request(base, method, route, { jar: leaving.jar, ...(json ? { json } : {}) })).status).toBe(200);
      }
      const before = await rowsOf(leaving.id);
      expect(
        Object.values(before).every((count) => count > 0),
        JSON.stringify(before),
      ).toBe(true);
      const files = await filesOf(leaving.id);
      expect(files).toHaveLength(2 + 3 * IMAGE_WIDTHS.length);

      let holder: pg.Client | undefined;
      if (round.hold) {
        holder = new pg.Client({ connectionString: database.url });
        holder.on('error', () => undefined);
        await holder.connect();
        await holder.query('BEGIN');
        await round.hold(holder, leaving.id);
      }
      const deletion = request(base, 'DELETE', '/users/delete', { jar: leaving.jar }).catch((error: unknown) => error);
      if (holder) await blockedBy(holder, round.point);
      else expect(((await deletion) as { status: number }).status).toBe(200);
      server?.child.kill('SIGKILL');
      await server?.exited;
      await deletion;
      if (holder) {
        await holder.query('ROLLBACK');
        await holder.end();
      }
      await serverConnectionsGone();

      const after = await rowsOf(leaving.id);
      const uploads = path.join(dataDir ?? '', 'uploads');
      if (round.rows === 'all') expect(after, round.point).toEqual(before);
      else expect(after, round.point).toEqual(Object.fromEntries(Object.keys(before).map((table) => [table, 0])));
      for (const name of files)
        expect(existsSync(path.join(uploads, name)), `${round.point}: ${name}`).toBe(round.files);
      // Whatever happened, the ratings still add up and the helper's own files are still there.
      const ratings = await client.query(`
        SELECT r.id FROM recipes r
        WHERE r.rating_sum <> (SELECT coalesce(sum(rating), 0) FROM reviews WHERE recipe_id = r.id)
           OR r.total_reviews <> (SELECT count(*) FROM reviews WHERE recipe_id = r.id)`);
      expect(ratings.rows, round.point).toEqual([]);
      for (const name of await filesOf(first.id)) expect(existsSync(path.join(uploads, name)), name).toBe(true);

      base = (await start()).base;
      // An account that survived can be deleted again, completely.
      if (after.users === 1) {
        expect((await request(base, 'DELETE', '/users/delete', { jar: leaving.jar })).status).toBe(200);
        expect(Object.values(await rowsOf(leaving.id)).every((count) => count === 0)).toBe(true);
        for (const name of files) expect(existsSync(path.join(uploads, name)), name).toBe(false);
      }
    }
  }, 180_000);
});
