import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
export const serverMain = path.join(root, 'apps', 'server', 'dist', 'main.js');

/**
 * Brings apps/server/dist up to date (an incremental `tsc -b`, quick when `npm test` has just type-checked). Test
 * files run in parallel processes, so a lock folder makes them build one at a time.
 */
export async function ensureBuilt(): Promise<void> {
  const lock = path.join(root, '.data-test', 'server-build.lock');
  mkdirSync(path.dirname(lock), { recursive: true });
  for (let attempt = 0; ; attempt++) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // A lock older than three minutes belongs to a run that died.
      const since = statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now();
      if (Date.now() - since > 180_000) rmSync(lock, { force: true, recursive: true });
      if (attempt > 1800) throw new Error('waited too long for another test file to build the server');
      await sleep(100);
    }
  }
  try {
    await promisify(execFile)(
      process.execPath,
      [path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-b', 'apps/server'],
      {
        cwd: root,
      },
    );
  } finally {
    rmSync(lock, { force: true, recursive: true });
  }
}

let counter = 0;

/** A fresh database cloned from the migrated template, on the server every test file uses. */
export async function createDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = inject('adminDatabaseUrl');
  const template = inject('templateDatabase');
  const name = `forkful_test_${template.split('_').pop()}_${process.pid}_${Date.now()}_child${counter++}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

export interface ServerProcess {
  child: ChildProcess;
  /** http://127.0.0.1:port */
  base: string;
  dataDir: string;
  /** Everything the process printed so far. */
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts the built server (`node apps/server/dist/main.js`) on a free loopback port and waits until it listens. */
export async function startServer(
  databaseUrl: string,
  dataDir?: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const dir = dataDir ?? mkdtempSync(path.join(tmpdir(), 'forkful-process-'));
  const child = spawn(process.execPath, [serverMain], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? tmpdir(),
      DATABASE_URL: databaseUrl,
      DATA_DIR: dir,
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      AUTH_RATE_LIMIT_MAX: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let stopped = false;
  void exited.then(() => (stopped = true));
  for (let waited = 0; ; waited += 50) {
    const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
    if (listening?.[1]) return { child, base: listening[1], dataDir: dir, output: () => output, exited };
    if (stopped || waited > 60_000) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start:\n${output}`);
    }
    await sleep(50);
  }
}

/**
 * A built server process on a fresh database for one test file: started before its tests, killed and removed (with
 * its database and data folder) after them. Read `server` and `database` inside the tests.
 */
export function serverForFile(env: Record<string, string> = {}): {
  readonly server: ServerProcess;
  readonly database: { url: string; drop: () => Promise<void> };
} {
  let server: ServerProcess | undefined;
  let database: { url: string; drop: () => Promise<void> } | undefined;
  beforeAll(async () => {
    await ensureBuilt();
    database = await createDatabase();
    server = await startServer(database.url, undefined, env);
  }, 180_000);
  afterAll(async () => {
    server?.child.kill('SIGKILL');
    await server?.exited;
    await database?.drop();
    if (server) rmSync(server.dataDir, { recursive: true, force: true });
  });
  return {
    get server() {
      if (!server) throw new Error('the server process has not started');
      return server;
    },
    get database() {
      if (!database) throw new Error('the database has not been made');
      return database;
    },
  };
}

/** Cookies kept across fetch calls, as a browser would. */
export class FetchJar {
  private readonly cookies = new Map<string, string>();

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const [name = '', value = ''] = pair.split('=');
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/** One call to a running server's API; the JSON body is parsed when there is one. */
export async function request(
  base: string,
  method: string,
  apiPath: string,
  options: { jar?: FetchJar; json?: unknown; form?: FormData } = {},
): Promise<{ status: number; body: { data?: unknown; message?: string } & Record<string, unknown> }> {
  const headers: Record<string, string> = {};
  if (options.jar) headers.cookie = options.jar.header();
  let body: string | FormData | undefined = options.form;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  const response = await fetch(`${base}/api/v1${apiPath}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body }),
  });
  options.jar?.store(response);
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : {} };
}
