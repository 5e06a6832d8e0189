import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { connectDatabase, type DatabaseHandle } from '../db/client.js';

export interface TestContext {
  app: FastifyInstance;
  config: Config;
  database: DatabaseHandle;
  databaseUrl: string;
  close: () => Promise<void>;
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

let counter = 0;

/** A fresh database (cloned from the migrated template) and a fresh data folder, with the real app on top. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestContext> {
  const adminUrl = inject('adminDatabaseUrl');
  const template = inject('templateDatabase');
  const name = `forkful_test_${template.split('_').pop()}_${process.pid}_${Date.now()}_${counter++}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  await admin.end();
  const databaseUrl = withDatabase(adminUrl, name);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'forkful-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    // Background jobs only where a test asks for them (jobs/jobs.test.ts).
    JOBS_ENABLED: 'false',
    ...env,
  });
  const database = connectDatabase(databaseUrl, 10);
  const app = await buildApp({ config, db: database.db, logger: false });
  await app.ready();
  return {
    app,
    config,
    database,
    databaseUrl,
    close: async () => {
      await app.close();
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await cleanup.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Cookies from a response, as a header value for the next request (a tiny cookie jar). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(response: LightMyRequestResponse): void {
    for (const cookie of response.cookies) {
      const expired = cookie.maxAge === 0 || (cookie.expires instanceof Date && cookie.expires.getTime() <= Date.now());
      if (expired || cookie.value === '') this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  set(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/** Builds a multipart/form-data body without any extra dependency. */
export function multipart(
  fields: Record<string, string | string[]>,
  file?: { field: string; filename: string; contentType: string; bytes: Buffer },
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----forkful${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${item}\r\n`));
    }
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Registers a user through the real API and returns their id and cookie jar. */
export async function registerUser(
  app: FastifyInstance,
  name = 'Test Cook',
  email = `cook-${Math.random().toString(36).slice(2)}@example.com`,
  password = 'correct horse battery',
): Promise<{ id: string; email: string; password: string; jar: CookieJar }> {
  const jar = new CookieJar();
  const form = multipart({ name, email, password });
  const response = await app.inject({ method: 'POST', url: '/api/v1/users/register', ...form });
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  jar.store(response);
  return { id: response.json().data.user._id, email, password, jar };
}
