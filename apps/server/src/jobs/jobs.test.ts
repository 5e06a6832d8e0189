import { utimesSync, writeFileSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import pg from 'pg';
import type { Database } from '../db/client.js';
// The `app.jobs` declaration lives there (app.ts's declarations do not name it).
import { JobRunner } from './index.js';
import { createTestApp, type TestContext } from '../test/app.js';
import { recipeWithPhotoFiles } from '../test/fixtures.js';
import { waitUntil } from '../test/state.js';

// Issue 22: background jobs run once across instances. Two apps on one database, as two instances would be.

let ctx: TestContext;
const apps: FastifyInstance[] = [];
const runs: string[] = [];

async function instance(name: string): Promise<FastifyInstance> {
  const app = await buildApp({ config: { ...ctx.config, jobsEnabled: true }, db: ctx.database.db, logger: false });
  app.jobs.register({
    name: 'test-count',
    everySeconds: 3600,
    run: async () => {
      runs.push(name);
      await sleep(100);
    },
  });
  await app.ready();
  apps.push(app);
  return app;
}

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await ctx.close();
});

describe('the job runner', () => {
  it('runs a job once across two instances, and the other instance takes over when the leader stops', async () => {
    const [first, second] = await Promise.all([instance('first'), instance('second')]);
    await waitUntil(() => runs.length >= 1, 'a job ran');
    await sleep(1000);
    // One leader, one run, although both instances registered the job and started their runners.
    expect(runs).toHaveLength(1);
    expect([first.jobs.isLeader, second.jobs.isLeader].filter(Boolean)).toHaveLength(1);
    const leader = first.jobs.isLeader ? first : second;
    const follower = leader === first ? second : first;
    expect(runs[0]).toBe(leader === first ? 'first' : 'second');
    expect(await leader.metrics.registry.metrics()).toMatch(/^forkful_job_runs_total\{job="test-count"\} 1$/m);
    expect(await follower.metrics.registry.metrics()).not.toMatch(/forkful_job_runs_total\{job="test-count"\}/);

    // A run by hand while another instance runs the job is refused, not doubled.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    leader.jobs.register({ name: 'test-slow', everySeconds: 3600, run: () => held });
    await waitUntil(
      async () => (await leader.metrics.registry.metrics()).includes('job="test-slow"'),
      'slow job started',
    );
    expect(await follower.jobs.runNow('test-slow').catch(() => 'not registered')).toBe('not registered');
    follower.jobs.register({ name: 'test-slow', everySeconds: 3600, run: async () => undefined });
    expect(await follower.jobs.runNow('test-slow')).toBe(false);
    release();

    // The leader goes away: its session ends, and the follower becomes the leader and runs the job.
    await leader.close();
    apps.splice(apps.indexOf(leader), 1);
    await waitUntil(() => follower.jobs.isLeader, 'the follower took over', 15_000);
    await waitUntil(() => runs.length >= 2, 'the job ran on the new leader');
    expect(runs[1]).toBe(follower === first ? 'first' : 'second');
  }, 40_000);

  it('counts a failed run in the metrics and keeps running the others', async () => {
    const app = apps[0]!;
    app.jobs.register({
      name: 'test-broken',
      everySeconds: 3600,
      run: async () => {
        throw new Error('broken on purpose');
      },
    });
    expect(await app.jobs.runNow('test-broken')).toBe(true);
    const text = await app.metrics.registry.metrics();
    expect(text).toMatch(/^forkful_job_failures_total\{job="test-broken"\} 1$/m);
    expect(text).toMatch(/^forkful_job_runs_total\{job="test-broken"\} 1$/m);
  });
});

describe('the job runner without a database connection', () => {
  it('skips the run and goes on (it ended the process when PostgreSQL cut its connections)', async () => {
    // A pool that cannot connect: nothing listens on port 1.
    const pool = new pg.Pool({
      connectionString: 'postgres://postgres@127.0.0.1:1/none',
      connectionTimeoutMillis: 200,
    });
    const runner = new JobRunner({
      db: { $client: pool } as unknown as Database,
      log: ctx.app.log,
      metrics: ctx.app.metrics,
    });
    let ran = false;
    runner.register({ name: 'test-unreachable', everySeconds: 3600, run: async () => void (ran = true) });
    try {
      expect(await runner.runNow('test-unreachable')).toBe(false);
      expect(ran).toBe(false);
    } finally {
      await runner.stop();
      await pool.end();
    }
  });
});

describe('the orphaned-image sweep', () => {
  it('removes old files no row points at, and keeps referenced, young and foreign files', async () => {
    const app = apps[0]!;
    const { files: kept } = await recipeWithPhotoFiles(ctx.app, 'Sweep Cook');
    const dir = ctx.config.uploadsDir;
    mkdirSync(dir, { recursive: true });
    const orphanKey = 'a'.repeat(32);
    const orphans = [
      `recipe-${orphanKey}-v3-320.webp`,
      `avatar-${'b'.repeat(32)}-128.webp`,
      `recipe-${orphanKey}-v3-640.webp.1234.tmp`,
    ];
    const young = `recipe-${'c'.repeat(32)}-v3-320.webp`;
    const foreign = 'notes.txt';
    for (const name of [...orphans, young, foreign]) writeFileSync(path.join(dir, name), 'x');
    // Everything but the young orphan is two hours old, the recipe's own files too.
    const old = new Date(Date.now() - 2 * 3600_000);
    for (const name of [...orphans, foreign, ...kept]) utimesSync(path.join(dir, name), old, old);

    expect(await app.jobs.runNow('orphaned-images')).toBe(true);
    for (const name of orphans) expect(existsSync(path.join(dir, name)), name).toBe(false);
    for (const name of [...kept, young, foreign]) expect(existsSync(path.join(dir, name)), name).toBe(true);
    // The recipe's photo is still served.
    const served = await ctx.app.inject({ method: 'GET', url: `/uploads/${kept[0]}` });
    expect(served.statusCode).toBe(200);
  });
});
