import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDatabase,
  ensureBuilt,
  request,
  serverMain,
  startServer,
  type ServerProcess,
} from '../test/server-process.js';
import { waitUntil } from '../test/state.js';

// SHUTDOWN_DRAIN_SECONDS reaches the running server through the configuration (config.ts), not the environment.

let database: Awaited<ReturnType<typeof createDatabase>>;
const started: ServerProcess[] = [];
beforeAll(async () => {
  await ensureBuilt();
  database = await createDatabase();
}, 180_000);
afterAll(async () => {
  for (const server of started) {
    server.child.kill('SIGKILL');
    await server.exited;
    rmSync(server.dataDir, { recursive: true, force: true });
  }
  await database?.drop();
});

describe('SHUTDOWN_DRAIN_SECONDS', () => {
  it('keeps a stopping server serving with readiness failing, then it exits 0', async () => {
    const server = await startServer(database.url, undefined, { SHUTDOWN_DRAIN_SECONDS: '5' });
    started.push(server);
    expect((await request(server.base, 'GET', '/health/ready')).status).toBe(200);
    server.child.kill('SIGTERM');
    await waitUntil(
      async () => (await request(server.base, 'GET', '/health/ready')).status === 503,
      'readiness answers 503',
    );
    // Draining, not stopped: other requests are still answered.
    expect((await request(server.base, 'GET', '/health/live')).status).toBe(200);
    expect(server.output()).toMatch(/SIGTERM received: draining for 5 s/);
    expect(await server.exited).toEqual({ code: 0, signal: null });
  }, 60_000);

  it('stops the server at start-up with one line for a bad value', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'forkful-drain-'));
    try {
      const child = spawn(process.execPath, [serverMain], {
        env: {
          PATH: process.env.PATH ?? '',
          DATA_DIR: dataDir,
          DATABASE_URL: database.url,
          SHUTDOWN_DRAIN_SECONDS: 'soon',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      expect(code).toBe(1);
      expect(output).toBe(
        'Invalid configuration: SHUTDOWN_DRAIN_SECONDS must be a whole number from 0 to 60 (got "soon")\n',
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
