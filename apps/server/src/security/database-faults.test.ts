import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { connectDatabase, type DatabaseHandle } from '../db/client.js';
import { discardEmbeddedPostgres, startEmbeddedPostgres, type EmbeddedDatabase } from '../db/embedded.js';
import { runMigrations } from '../db/migrate.js';
import { registerUser, type CookieJar } from '../test/app.js';
import {
  call,
  createRecipe,
  defaultRecipe,
  expectError,
  expectOk,
  makeImage,
  postRecipe,
  uploadedFiles,
} from '../test/fixtures.js';
import { waitUntil } from '../test/state.js';

// This file stops and restarts PostgreSQL, so it runs one of its own (embedded, in a temporary folder), whatever
// TEST_DATABASE_URL says.
const dataDir = mkdtempSync(path.join(tmpdir(), 'forkful-faults-'));
const UNAVAILABLE = 'The service is temporarily unavailable, please try again shortly';
let embedded: EmbeddedDatabase | undefined;
let port: number;
let database: DatabaseHandle;
let config: Config;
let app: FastifyInstance;
const idleErrors: Error[] = [];
let cook: { id: string; jar: CookieJar; email: string; password: string };
let recipeId: string;

beforeAll(async () => {
  embedded = await startEmbeddedPostgres(dataDir);
  port = Number(new URL(embedded.url).port);
  // The same wiring as main.ts: the pool reports idle-client errors to a listener and carries on.
  database = connectDatabase(embedded.url, 5, (error) => idleErrors.push(error));
  await runMigrations(database.db);
  config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: embedded.url, SEED_DEMO: 'false', LOG_LEVEL: 'silent' });
  app = await buildApp({ config, db: database.db, logger: false });
  await app.ready();
  cook = await registerUser(app, 'Outage Cook');
  recipeId = await createRecipe(app, cook.jar);
}, 120_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
  await embedded?.stop();
  discardEmbeddedPostgres(dataDir);
  rmSync(dataDir, { recursive: true, force: true });
});

/** Everything a visitor and a logged-in cook do, once. */
async function visit() {
  return {
    list: await call(app, 'GET', '/recipes/all'),
    view: await call(app, 'GET', `/recipes/${recipeId}/view-recipe`),
    search: await call(app, 'GET', '/recipes/search?query=soup'),
    current: await call(app, 'GET', '/users/current', { jar: cook.jar }),
    saved: await call(app, 'GET', '/recipes/saved-recipes', { jar: cook.jar }),
    login: await call(app, 'POST', '/users/login', { payload: { email: cook.email, password: cook.password } }),
    review: await call(app, 'GET', `/reviews/view-all/${recipeId}`),
  };
}

describe('PostgreSQL going away', () => {
  it('answers 503 with a clear message while it is down, and recovers by itself when it is back', async () => {
    for (const response of Object.values(await visit())) expectOk(response);
    // Several idle connections in the pool, all of which the shutdown will break.
    await Promise.all(Array.from({ length: 5 }, () => call(app, 'GET', '/recipes/all')));
    expect(database.pool.idleCount).toBeGreaterThan(0);

    await embedded?.stop();
    embedded = undefined;
    await waitUntil(() => idleErrors.length > 0, 'the idle clients have reported their broken connections');

    for (const [name, response] of Object.entries(await visit())) {
      // Never a 401 (the client would log the cook out), never a 500: the service is unavailable, for a moment.
      expectError(response, 503, UNAVAILABLE);
      expect(response.headers['retry-after'], name).toBe('5');
    }
    const upload = await postRecipe(app, cook.jar, defaultRecipe, { bytes: await makeImage('jpeg') });
    expectError(upload, 503, UNAVAILABLE);
    expect(uploadedFiles(config.uploadsDir)).toEqual([]);
    expectError(await call(app, 'GET', '/health/ready'), 503, 'The database is not reachable');
    expectOk(await call(app, 'GET', '/health/live'));

    embedded = await startEmbeddedPostgres(dataDir, undefined, { port });
    await waitUntil(async () => (await call(app, 'GET', '/health/ready')).statusCode === 200, 'the app is ready again');
    for (const response of Object.values(await visit())) expectOk(response);
    expect(expectOk(await call(app, 'GET', '/users/current', { jar: cook.jar })).user._id).toBe(cook.id);
  }, 60_000);

  it('shrugs off idle connections that the server terminates', async () => {
    await Promise.all(Array.from({ length: 5 }, () => call(app, 'GET', '/recipes/all')));
    const idle = database.pool.idleCount;
    expect(idle).toBeGreaterThan(0);
    const before = idleErrors.length;
    const admin = new pg.Client({ connectionString: embedded?.url });
    await admin.connect();
    let killed = 0;
    try {
      const result = await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE datname = current_database() AND pid <> pg_backend_pid() AND state = 'idle'`,
      );
      killed = result.rowCount ?? 0;
    } finally {
      await admin.end();
    }
    expect(killed).toBe(idle);
    await waitUntil(() => idleErrors.length >= before + killed, 'the pool has noticed every terminated connection');
    expect(database.pool.idleCount).toBe(0);
    for (const response of Object.values(await visit())) expectOk(response);
  });

  it('answers 503, not 500, while the database refuses new connections, and serves again when it takes them', async () => {
    const admin = new pg.Client({ connectionString: embedded?.adminUrl });
    admin.on('error', () => undefined);
    await admin.connect();
    try {
      await admin.query('ALTER DATABASE forkful ALLOW_CONNECTIONS false');
      await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = 'forkful'`);
      for (const [name, response] of Object.entries(await visit())) {
        expectError(response, 503, UNAVAILABLE);
        expect(response.headers['retry-after'], name).toBe('5');
      }
      const ready = await call(app, 'GET', '/health/ready');
      expectError(ready, 503, 'The database is not reachable');
      expect(ready.headers['retry-after']).toBe('5');
    } finally {
      await admin.query('ALTER DATABASE forkful ALLOW_CONNECTIONS true');
      await admin.end();
    }
    for (const response of Object.values(await visit())) expectOk(response);
  });

  it('answers 503, not 500, when no connection slot is left (too many connections, 53300)', async () => {
    // A role allowed no connection at all gets what a full server gives everyone: 'too many connections' (53300).
    // Superusers are exempt from max_connections' last slots and from connection limits, hence the role.
    const role = `forkful_full_${process.pid}`;
    const admin = new pg.Client({ connectionString: embedded?.adminUrl });
    await admin.connect();
    await admin.query(`CREATE ROLE ${role} LOGIN PASSWORD 'full-house' CONNECTION LIMIT 0`);
    const url = new URL(embedded?.url ?? '');
    url.username = role;
    url.password = 'full-house';
    const full = connectDatabase(url.toString(), 2);
    const fullApp = await buildApp({ config, db: full.db, logger: false });
    try {
      await fullApp.ready();
      for (const path of ['/recipes/all', `/recipes/${recipeId}/view-recipe`, '/users/current']) {
        const response = await call(fullApp, 'GET', path, { jar: cook.jar });
        expectError(response, 503, UNAVAILABLE);
        expect(response.headers['retry-after'], path).toBe('5');
      }
      const login = await call(fullApp, 'POST', '/users/login', {
        payload: { email: cook.email, password: cook.password },
      });
      expectError(login, 503, UNAVAILABLE);
    } finally {
      await fullApp.close();
      await full.close();
      await admin.query(`DROP ROLE ${role}`);
      await admin.end();
    }
  });
});
