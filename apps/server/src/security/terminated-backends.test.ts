import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { describe, expect, it, inject } from 'vitest';
import { DATABASE_UNAVAILABLE } from '../db/unavailable.js';
import { FetchJar, request, serverForFile } from '../test/server-process.js';
import { waitUntil } from '../test/state.js';

// What a restart, a failover or a connection-killing proxy does to the app: PostgreSQL ends every connection of the
// app's database (SQLSTATE 57P01), again and again, while people write. The server runs as its own process, so a
// crash shows as a process that has exited, as it would in production. The database is the one every test file uses
// (TEST_DATABASE_URL or the embedded PostgreSQL), so this runs on both.

const WRITERS = 4;
const ROUNDS = 3;
/** On a slow, busy host a round may end no write mid-way; more rounds then, until one has been cut short. */
const MAX_ROUNDS = 10;
const ROUND_MS = 1_200;
const KILL_EVERY_MS = 80;

const file = serverForFile({ RATE_LIMIT_MAX: '1000000' });

function form(fields: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields))
    for (const item of Array.isArray(value) ? value : [value]) data.append(name, item);
  return data;
}

async function signUp(name: string): Promise<FetchJar> {
  const jar = new FetchJar();
  const email = `${name.toLowerCase().replace(/\W/g, '-')}@example.com`;
  const response = await request(file.server.base, 'POST', '/users/register', {
    jar,
    form: form({ name, email, password: 'terminated pass phrase' }),
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return jar;
}

async function createRecipe(jar: FetchJar, title: string) {
  return request(file.server.base, 'POST', '/recipes/create-recipe', {
    jar,
    form: form({
      title,
      cookingTime: '20',
      ingredients: ['1 onion', '2 eggs'],
      steps: ['chop', 'fry'],
      isPublished: 'true',
    }),
  });
}

/** Ends every connection of the app's database from a connection of its own (to another database), until stopped. */
function terminateBackends(): { stop: () => Promise<number> } {
  let running = true;
  let terminated = 0;
  const done = (async () => {
    const admin = new pg.Client({ connectionString: inject('adminDatabaseUrl') });
    await admin.connect();
    try {
      while (running) {
        const result = await admin.query<{ ended: boolean }>(
          `SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity
           WHERE datname = $1 AND pid <> pg_backend_pid()`,
          [new URL(file.database.url).pathname.slice(1)],
        );
        terminated += result.rows.filter((row) => row.ended).length;
        await sleep(KILL_EVERY_MS);
      }
    } finally {
      await admin.end();
    }
  })();
  return {
    stop: async () => {
      running = false;
      await done;
      return terminated;
    },
  };
}

interface Outcome {
  what: string;
  status: number | string;
  body?: { data?: unknown; message?: string };
}

/** One cook writing as fast as answers come: a recipe of their own, then a review of someone else's. */
async function write(jar: FetchJar, cook: number, round: number, targets: string[], until: number) {
  const outcomes: Outcome[] = [];
  for (let step = 0; Date.now() < until; step++) {
    const title = `Round ${round} cook ${cook} dish ${step}`;
    const target = targets[(round * 97 + cook * 31 + step) % targets.length] ?? '';
    const attempts: Array<[string, () => ReturnType<typeof request>]> = [
      [`recipe:${title}`, () => createRecipe(jar, title)],
      [
        `review:${target}`,
        () =>
          request(file.server.base, 'POST', `/reviews/create/${target}`, {
            jar,
            json: { rating: 1 + (step % 5), comment: `${title} was fine` },
          }),
      ],
    ];
    for (const [what, send] of attempts) {
      try {
        const response = await send();
        outcomes.push({ what, status: response.status, body: response.body });
      } catch (error) {
        // The server process is gone (or hung up without an answer): recorded, and the test fails on it below.
        outcomes.push({ what, status: `no answer: ${String(error)}` });
      }
    }
  }
  return outcomes;
}

describe('PostgreSQL ending the connections during writes', () => {
  it('answers each write with success or 503, keeps no half-written record, and serves again afterwards', async () => {
    const author = await signUp('Target Author');
    const targets: string[] = [];
    for (let index = 0; index < 12; index++) {
      const created = await createRecipe(author, `Target dish ${index}`);
      expect(created.status).toBe(201);
      targets.push((created.body.data as { _id: string })._id);
    }
    const cooks = await Promise.all(Array.from({ length: WRITERS }, (_, index) => signUp(`Writer ${index}`)));

    const outcomes: Outcome[] = [];
    let terminated = 0;
    const cutShort = () => outcomes.some((outcome) => outcome.status === 503);
    for (let round = 0; round < ROUNDS || (!cutShort() && round < MAX_ROUNDS); round++) {
      const killer = terminateBackends();
      const until = Date.now() + ROUND_MS;
      const written = await Promise.all(cooks.map((jar, cook) => write(jar, cook, round, targets, until)));
      terminated += await killer.stop();
      outcomes.push(...written.flat());
      let lastReady = '';
      await waitUntil(
        async () => {
          if (file.server.child.exitCode !== null)
            throw new Error(`the server process died:\n${file.server.output().slice(-1500)}`);
          const ready = await request(file.server.base, 'GET', '/health/ready').catch((error: unknown) => ({
            status: 0,
            body: String(error),
          }));
          lastReady = `${ready.status} ${JSON.stringify(ready.body)}`;
          return ready.status === 200;
        },
        `the app is ready again after round ${round}`,
        30_000,
      ).catch((error: Error) => {
        throw new Error(`${error.message}; last answer ${lastReady}\n${file.server.output().slice(-3000)}`);
      });
    }

    // Still the same process, and it serves reads and writes.
    expect(file.server.child.exitCode, file.server.output()).toBeNull();
    const after = await createRecipe(author, 'After the storm');
    expect(after.status).toBe(201);
    const afterId = (after.body.data as { _id: string })._id;
    const review = await request(file.server.base, 'POST', `/reviews/create/${afterId}`, {
      jar: cooks[0],
      json: { rating: 5, comment: 'Calm again' },
    });
    expect(review.status).toBe(201);
    expect((await request(file.server.base, 'GET', '/recipes/all')).status).toBe(200);

    expect(terminated).toBeGreaterThan(0);
    const statuses = new Set(outcomes.map((outcome) => outcome.status));
    // Writes a backend was ended under are 503 (never 500, never no answer); a review a cook already wrote in an
    // earlier round is a 409. The rest succeeded.
    expect([...statuses].filter((status) => ![201, 409, 503].includes(status as number))).toEqual([]);
    expect(cutShort()).toBe(true);
    for (const outcome of outcomes.filter((each) => each.status === 503)) {
      expect(outcome.body?.message).toBe(DATABASE_UNAVAILABLE);
    }

    const check = new pg.Client({ connectionString: file.database.url });
    await check.connect();
    try {
      // A review and its recipe's totals are written together, or not at all.
      const drift = await check.query(`
        SELECT r.id FROM recipes r LEFT JOIN reviews v ON v.recipe_id = r.id
        GROUP BY r.id HAVING r.total_reviews <> count(v.id) OR r.rating_sum <> coalesce(sum(v.rating), 0)`);
      expect(drift.rows).toEqual([]);
      const titles = new Set(
        (await check.query<{ title: string }>('SELECT title FROM recipes')).rows.map((row) => row.title),
      );
      for (const outcome of outcomes.filter((each) => each.what.startsWith('recipe:') && each.status === 201)) {
        expect(titles.has(outcome.what.slice('recipe:'.length)), outcome.what).toBe(true);
      }
      const whole = await check.query(
        `SELECT count(*)::int AS n FROM recipes WHERE cardinality(ingredients) <> 2 OR cardinality(steps) <> 2`,
      );
      expect(whole.rows[0].n).toBe(0);
    } finally {
      await check.end();
    }
  }, 120_000);
});
