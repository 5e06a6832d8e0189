import { rmSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { IMAGE_WIDTHS } from '@forkful/contracts';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { multipart } from '../test/app.js';
import { makeImage, uploadedFiles } from '../test/fixtures.js';
import { FetchJar, request, serverForFile, startServer } from '../test/server-process.js';
import { waitUntil } from '../test/state.js';
import { imageFileNames } from '../services/images.js';

const file = serverForFile();

/** Whether a new connection to the server's port is refused (it has stopped listening). */
function refusesConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

/** Splits what came back on one connection into its HTTP responses (each with a Content-Length). */
function responsesIn(raw: Buffer): Array<{ status: number; body: string }> {
  const found: Array<{ status: number; body: string }> = [];
  let rest = raw.toString('latin1');
  while (rest.startsWith('HTTP/1.1 ')) {
    const headerEnd = rest.indexOf('\r\n\r\n');
    const head = rest.slice(0, headerEnd);
    const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
    found.push({ status: Number(head.slice(9, 12)), body: rest.slice(headerEnd + 4, headerEnd + 4 + length) });
    rest = rest.slice(headerEnd + 4 + length);
  }
  return found;
}

describe('SIGTERM', () => {
  it('answers health checks, then finishes the in-flight upload, refuses new work, and exits 0', async () => {
    expect((await request(file.server.base, 'GET', '/health/live')).status).toBe(200);
    expect((await request(file.server.base, 'GET', '/health/ready')).body.data).toEqual({ status: 'ready' });

    const jar = new FetchJar();
    const signUp = new FormData();
    for (const [name, value] of Object.entries({
      name: 'Slow Cook',
      email: 'slow@example.com',
      password: 'slow pass phrase',
    }))
      signUp.set(name, value);
    expect((await request(file.server.base, 'POST', '/users/register', { jar, form: signUp })).status).toBe(201);

    // A 6 MB photo, sent in two halves with the SIGTERM in between; a second request queued behind it.
    const photo = Buffer.concat([
      await makeImage('jpeg', { width: 800, height: 600 }),
      Buffer.alloc(6 * 1024 * 1024, 1),
    ]);
    const form = multipart(
      { title: 'Slow Stew', cookingTime: '90', ingredients: ['patience'], steps: ['wait'], isPublished: 'true' },
      { field: 'recipePhoto', filename: 'stew.jpg', contentType: 'image/jpeg', bytes: photo },
    );
    const port = Number(new URL(file.server.base).port);
    const socket = connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    const half = Math.floor(form.payload.length / 2);
    await new Promise<void>((resolve) =>
      socket.write(
        Buffer.concat([
          Buffer.from(
            `POST /api/v1/recipes/create-recipe HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${jar.header()}\r\n` +
              `Content-Type: ${form.headers['content-type']}\r\nContent-Length: ${form.payload.length}\r\n\r\n`,
          ),
          form.payload.subarray(0, half),
        ]),
        () => resolve(),
      ),
    );

    file.server.child.kill('SIGTERM');
    await waitUntil(() => refusesConnections(port), 'the server has stopped taking new connections', 5_000);
    socket.write(form.payload.subarray(half));
    socket.write(`GET /api/v1/recipes/all HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    await closed;

    const [upload, queued] = responsesIn(Buffer.concat(received));
    expect(upload?.status, upload?.body).toBe(201);
    const recipeId = JSON.parse(upload?.body ?? '{}').data._id as string;
    // The request queued behind it on the same connection arrived after SIGTERM: 503, in the envelope.
    expect(queued?.status).toBe(503);
    expect(JSON.parse(queued?.body ?? '{}')).toEqual({
      success: false,
      statusCode: 503,
      message: 'The server is restarting, please try again in a moment',
    });

    // main.ts exits 1 if shutting down takes longer than 10 s, so 0 also means it was in time.
    const exit = await Promise.race([
      file.server.exited,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no exit within 15 s')), 15_000)),
    ]);
    expect(exit, file.server.output()).toEqual({ code: 0, signal: null });
    expect(file.server.output()).toContain('SIGTERM received: finishing in-flight requests');

    // The upload is whole: the row and all its files. And the pool is closed: no connection is left open.
    const client = new pg.Client({ connectionString: file.database.url });
    await client.connect();
    try {
      const row = await client.query('SELECT photo_key FROM recipes WHERE id = $1', [recipeId]);
      const key = row.rows[0]?.photo_key as string;
      expect(uploadedFiles(path.join(file.server.dataDir, 'uploads'))).toEqual(imageFileNames('recipe', key).sort());
      expect(imageFileNames('recipe', key)).toHaveLength(IMAGE_WIDTHS.length);
      const open = await client.query(
        'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
      );
      expect(open.rows[0].n).toBe(0);
    } finally {
      await client.end();
    }
  }, 60_000);
});

describe('SIGTERM with keep-alive connections open', () => {
  it('closes idle and spare connections at once, one in use once its answer is sent, and exits without the force timer', async () => {
    // At debug the server logs a request as it arrives (at info only once it is answered: issue 22).
    const quiet = await startServer(file.database.url, undefined, { LOG_LEVEL: 'debug' });
    try {
      const port = Number(new URL(quiet.base).port);
      const open = async () => {
        const socket = connect(port, '127.0.0.1');
        socket.on('data', () => undefined);
        await new Promise<void>((resolve) => socket.once('connect', resolve));
        return socket;
      };
      // A browser keeps the connection of its last request open, and opens a spare one before it needs it.
      const keptAlive = await open();
      const answered = new Promise<void>((resolve) => keptAlive.once('data', () => resolve()));
      keptAlive.write(`GET /api/v1/health/live HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: keep-alive\r\n\r\n`);
      await answered;
      await open();
      // A request still arriving when SIGTERM comes: answered, then its keep-alive connection is closed too.
      const inUse = await open();
      let inUseAnswer = '';
      inUse.on('data', (chunk: Buffer) => (inUseAnswer += chunk.toString()));
      const login = JSON.stringify({ email: 'nobody@example.com', password: 'not a pass phrase' });
      inUse.write(
        `POST /api/v1/users/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: keep-alive\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${login.length}\r\n\r\n${login.slice(0, 10)}`,
      );
      await waitUntil(() => quiet.output().includes('/api/v1/users/login'), 'the log-in request has arrived');

      quiet.child.kill('SIGTERM');
      await waitUntil(() => quiet.output().includes('SIGTERM received'), 'the server has begun to shut down');
      inUse.write(login.slice(10));
      const exit = await quiet.exited;
      expect(inUseAnswer).toMatch(/^HTTP\/1\.1 401 /);
      // The force timer exits 1 with 'shutdown took too long'; 0 means every connection was closed without it.
      expect(exit, quiet.output()).toEqual({ code: 0, signal: null });
      expect(quiet.output()).not.toContain('shutdown took too long');
    } finally {
      quiet.child.kill('SIGKILL');
      rmSync(quiet.dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
