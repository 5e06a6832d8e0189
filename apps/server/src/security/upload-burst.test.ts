import { readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
// Its types add isUnderPressure() to the app.
import type {} from '@fastify/under-pressure';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETRY_AFTER_SECONDS, SERVER_BUSY, UPLOADS_BUSY, UPLOAD_TEMP_DIR } from '../plugins/load-shedding.js';
import { ImageQueue } from '../services/image-queue.js';
import { createTestApp, multipart, type TestContext } from '../test/app.js';
import { call, uploadedFiles } from '../test/fixtures.js';
import { FetchJar, request, serverForFile } from '../test/server-process.js';
import { waitUntil } from '../test/state.js';

// One worker and two places in the queue: a burst of twelve cannot all be admitted.
const file = serverForFile({ IMAGE_WORKERS: '1', IMAGE_QUEUE_MAX: '2' });
const BURST = 12;
const FILES_PER_PHOTO = 6;
const PASSWORD = 'burst pass phrase';

/** A JPEG of noise (it does not compress, as a camera's photo barely does) of about 4 MB. */
function noisePhoto(): Promise<Buffer> {
  return sharp({
    create: {
      width: 1600,
      height: 1200,
      channels: 3,
      background: '#c05030',
      noise: { type: 'gaussian', mean: 120, sigma: 60 },
    },
  })
    .jpeg({ quality: 98, chromaSubsampling: '4:4:4' })
    .toBuffer();
}

function rssMb(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match?.[1] ?? 0) / 1024;
}

function signUpForm(name: string, email: string): FormData {
  const form = new FormData();
  form.set('name', name);
  form.set('email', email);
  form.set('password', PASSWORD);
  return form;
}

function recipeForm(n: number, photo: Buffer): FormData {
  const form = new FormData();
  form.set('title', `Burst Bake ${n}`);
  form.set('introduction', 'Sent in a burst.');
  form.set('cookingTime', '30');
  form.append('ingredients', 'flour');
  form.append('steps', 'Bake');
  form.set('isPublished', 'true');
  form.set('recipePhoto', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'burst.jpg');
  return form;
}

const tempFiles = () => readdirSync(path.join(file.server.dataDir, UPLOAD_TEMP_DIR));

async function recipeRows(): Promise<number> {
  const client = new pg.Client({ connectionString: file.database.url });
  await client.connect();
  try {
    const result = await client.query<{ count: string }>('SELECT count(*) FROM recipes');
    return Number(result.rows[0]?.count ?? 0);
  } finally {
    await client.end();
  }
}

describe('a burst of photo uploads', () => {
  let uploader: FetchJar;
  let photo: Buffer;

  beforeAll(async () => {
    photo = await noisePhoto();
    uploader = new FetchJar();
    const { base } = file.server;
    const signedUp = await request(base, 'POST', '/users/register', {
      jar: uploader,
      form: signUpForm('Burst Cook', 'burst@example.com'),
    });
    expect(signedUp.status).toBe(201);
    const other = await request(base, 'POST', '/users/register', {
      form: signUpForm('Other Cook', 'other@example.com'),
    });
    expect(other.status).toBe(201);
  }, 60_000);

  it('stores each upload whole or refuses it with 503 and Retry-After, keeps memory bounded, and keeps answering another user', async () => {
    const { base, child } = file.server;
    const pid = child.pid ?? 0;
    let peakMb = rssMb(pid);
    const sampler = setInterval(() => (peakMb = Math.max(peakMb, rssMb(pid))), 25);

    let burstOver = false;
    const burst = Promise.all(
      Array.from({ length: BURST }, async (_, n) => {
        const response = await fetch(`${base}/api/v1/recipes/create-recipe`, {
          method: 'POST',
          headers: { cookie: uploader.header() },
          body: recipeForm(n, photo),
        });
        const body = (await response.json()) as { success: boolean; statusCode: number; message: string };
        return { status: response.status, retryAfter: response.headers.get('retry-after'), body };
      }),
    ).finally(() => (burstOver = true));

    // Meanwhile another user logs in and reads their account, again and again: every answer arrives and is right.
    const otherAnswers: Array<{ status: number; email: unknown }> = [];
    do {
      const other = new FetchJar();
      const login = await request(base, 'POST', '/users/login', {
        jar: other,
        json: { email: 'other@example.com', password: PASSWORD },
      });
      const current = await request(base, 'GET', '/users/current', { jar: other });
      for (const answer of [login, current]) {
        const user = (answer.body.data as { user?: { email?: unknown } } | undefined)?.user;
        otherAnswers.push({ status: answer.status, email: user?.email });
      }
    } while (!burstOver);
    const answers = await burst;
    clearInterval(sampler);

    expect(otherAnswers.length).toBeGreaterThanOrEqual(2);
    for (const answer of otherAnswers) expect(answer).toEqual({ status: 200, email: 'other@example.com' });

    const stored = answers.filter((answer) => answer.status === 201);
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(stored.length).toBeGreaterThanOrEqual(1);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    for (const answer of refused) {
      expect(answer).toEqual({
        status: 503,
        retryAfter: String(RETRY_AFTER_SECONDS),
        body: { success: false, statusCode: 503, message: UPLOADS_BUSY },
      });
    }

    // Stored whole (a row and every width of its photo), refused without a trace, and no temporary file left.
    expect(await recipeRows()).toBe(stored.length);
    expect(uploadedFiles(path.join(file.server.dataDir, 'uploads'))).toHaveLength(stored.length * FILES_PER_PHOTO);
    await waitUntil(() => tempFiles().length === 0, 'the temporary files are removed');
    // Twelve uploads of 4 MB held in memory with their decodes took the old server past 1 GiB; streamed to disk
    // and decoded one at a time, they stay far below it.
    expect(peakMb).toBeLessThan(1024);
  }, 120_000);

  it('removes the temporary file of an upload whose client went away half-way', async () => {
    const { base } = file.server;
    const { port } = new URL(base);
    const rowsBefore = await recipeRows();
    const filesBefore = uploadedFiles(path.join(file.server.dataDir, 'uploads')).length;
    const form = multipart(
      { title: 'Half Sent', introduction: 'Never arrives.', cookingTime: '5', ingredients: 'salt', steps: 'Stir' },
      { field: 'recipePhoto', filename: 'half.jpg', contentType: 'image/jpeg', bytes: photo },
    );
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST /api/v1/recipes/create-recipe HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${uploader.header()}\r\n` +
        `Content-Type: ${form.headers['content-type']}\r\nContent-Length: ${form.payload.length}\r\n\r\n`,
    );
    await new Promise<void>((resolve) =>
      socket.write(form.payload.subarray(0, form.payload.length / 2), () => resolve()),
    );
    await waitUntil(() => tempFiles().length === 1, 'the upload is being written to a temporary file');
    socket.destroy();
    await waitUntil(() => tempFiles().length === 0, 'the temporary file of the abandoned upload is removed');
    expect(await recipeRows()).toBe(rowsBefore);
    expect(uploadedFiles(path.join(file.server.dataDir, 'uploads'))).toHaveLength(filesBefore);
    // Its place in the queue was given back too: the next upload is stored.
    const next = await fetch(`${base}/api/v1/recipes/create-recipe`, {
      method: 'POST',
      headers: { cookie: uploader.header() },
      body: recipeForm(BURST, photo),
    });
    expect(next.status).toBe(201);
  }, 60_000);
});

describe('a lagging event loop', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp({ MAX_EVENT_LOOP_DELAY_MS: '20' });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('is answered 503 with Retry-After in the envelope, and serving resumes once it catches up', async () => {
    // Blocks the loop (this process runs the app) until under-pressure's sampler has seen the lag.
    for (let attempt = 0; attempt < 20 && !ctx.app.isUnderPressure(); attempt++) {
      const until = Date.now() + 300;
      while (Date.now() < until) {
        // busy: the event loop cannot run
      }
      await sleep(5);
    }
    const refused = await call(ctx.app, 'GET', '/recipes/all');
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
    expect(refused.json()).toEqual({ success: false, statusCode: 503, message: SERVER_BUSY });
    await waitUntil(() => !ctx.app.isUnderPressure(), 'the event loop has caught up');
    expect((await call(ctx.app, 'GET', '/recipes/all')).statusCode).toBe(200);
  }, 30_000);
});

describe('the image queue', () => {
  it('admits workers + waiting uploads, runs at most `workers` at a time in order, and takes a place back once', async () => {
    const queue = new ImageQueue(2, 1);
    const tickets = [queue.admit(), queue.admit(), queue.admit()];
    expect(queue.admit()).toBeUndefined();
    let running = 0;
    let most = 0;
    const order: number[] = [];
    await Promise.all(
      tickets.map((ticket, n) =>
        ticket?.process(async () => {
          running += 1;
          most = Math.max(most, running);
          await sleep(10);
          order.push(n);
          running -= 1;
        }),
      ),
    );
    expect(most).toBe(2);
    expect(order).toEqual([0, 1, 2]);
    tickets[0]?.release();
    tickets[0]?.release();
    expect(queue.size).toBe(2);
    expect(queue.admit()).toBeDefined();
    expect(queue.admit()).toBeUndefined();
  });
});
