// The backup and restore docs/deploy.md prescribes, tried: pg_dump of a seeded database and a copy of the bucket's
// objects, restored into a new database (pg_restore) and a new bucket, then a Forkful instance reads them.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { DEMO_CREDENTIALS } from '@forkful/contracts';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { call, CookieJar } from './harness/client.js';
import { BUCKET, startS3, type LocalS3 } from './harness/cluster.js';
import { createEmptyDatabase } from './harness/database.js';
import { freePort } from './harness/haproxy.js';
import { removeFolder, startInstance, stopInstance, type Instance } from './harness/instance.js';

const run = promisify(execFile);
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** The bucket's object keys, through the real ListObjectsV2 call (s3rver lets the test read without signing). */
async function listKeys(s3: LocalS3): Promise<string[]> {
  const response = await fetch(`http://${s3.address}/${BUCKET}?list-type=2&max-keys=1000`);
  const xml = await response.text();
  return [...xml.matchAll(/<Key>([^<]*)<\/Key>/g)].map((match) => match[1] ?? '').sort();
}

interface Page {
  recipes: Array<{ _id: string; title: string; recipePhoto: string }>;
  totalRecipeCount: number;
}

async function firstPage(instance: Instance): Promise<Page> {
  const reply = await call(instance.base, 'GET', '/api/v1/recipes/all?page=1&limit=48');
  expect(reply.status).toBe(200);
  return reply.json<{ data: Page }>().data;
}

async function startOn(databaseUrl: string, s3: LocalS3, secrets: Record<string, string>, seed: boolean) {
  const instance = startInstance('restore', await freePort(), {
    DATABASE_URL: databaseUrl,
    ...secrets,
    SEED_DEMO: String(seed),
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: `http://${s3.address}`,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_PUBLIC_URL: `http://${s3.address}/${BUCKET}`,
  });
  cleanups.push(async () => {
    await stopInstance(instance, 'SIGKILL');
    removeFolder(instance.dataDir);
  });
  await instance.ready();
  return instance;
}

describe('backup and restore (docs/deploy.md)', () => {
  it('a pg_dump and a copy of the bucket, restored elsewhere, give the same site', async () => {
    const secrets = {
      ACCESS_TOKEN_SECRET: randomBytes(36).toString('base64url'),
      REFRESH_TOKEN_SECRET: randomBytes(36).toString('base64url'),
    };
    const work = mkdtempSync(path.join(tmpdir(), 'forkful-backup-'));
    cleanups.push(() => rmSync(work, { recursive: true, force: true }));

    // The site to back up: the demo content seeded into an empty database, photos in the bucket.
    const original = await createEmptyDatabase('backup');
    cleanups.push(original.drop);
    const originalS3 = await startS3();
    cleanups.push(originalS3.close);
    const before = await startOn(original.url, originalS3, secrets, true);
    const seeded = await firstPage(before);
    expect(seeded.totalRecipeCount).toBeGreaterThan(0);
    const objects = await listKeys(originalS3);
    expect(objects.length).toBeGreaterThan(0);
    await stopInstance(before, 'SIGTERM');

    // Backup, as docs/deploy.md says: pg_dump in the custom format, and every object of the bucket.
    const dump = path.join(work, 'forkful.dump');
    await run('pg_dump', ['--format=custom', '--no-owner', `--file=${dump}`, original.url]);
    const bucketCopy = path.join(work, 'bucket');
    for (const key of objects) {
      const response = await fetch(`http://${originalS3.address}/${BUCKET}/${key}`);
      expect(response.status).toBe(200);
      mkdirSync(path.dirname(path.join(bucketCopy, key)), { recursive: true });
      writeFileSync(path.join(bucketCopy, key), Buffer.from(await response.arrayBuffer()));
    }
    // The original is gone.
    await originalS3.close();
    await original.drop();

    // Restore: pg_restore into a new, empty database; the objects into a new, empty bucket.
    const restored = await createEmptyDatabase('restored');
    cleanups.push(restored.drop);
    await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${restored.url}`, dump]);
    const restoredS3 = await startS3();
    cleanups.push(restoredS3.close);
    const files = readdirSync(bucketCopy, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    for (const file of files) {
      const full = path.join(file.parentPath, file.name);
      const key = path.relative(bucketCopy, full).split(path.sep).join('/');
      const response = await fetch(`http://${restoredS3.address}/${BUCKET}/${key}`, {
        method: 'PUT',
        body: readFileSync(full),
        headers: { 'content-type': key.endsWith('.webp') ? 'image/webp' : 'application/octet-stream' },
      });
      expect(response.status, key).toBe(200);
    }
    expect(await listKeys(restoredS3)).toEqual(objects);

    // The app on the restored copies: same recipes, the demo cook logs in, a photo loads.
    const after = await startOn(restored.url, restoredS3, secrets, true);
    const page = await firstPage(after);
    expect(page.totalRecipeCount).toBe(seeded.totalRecipeCount);
    expect(page.recipes.map((recipe) => recipe.title)).toEqual(seeded.recipes.map((recipe) => recipe.title));
    const jar = new CookieJar();
    const login = await call(after.base, 'POST', '/api/v1/users/login', { jar, json: DEMO_CREDENTIALS });
    expect(login.status, login.body.toString()).toBe(200);
    const withPhoto = page.recipes.find((recipe) => recipe.recipePhoto);
    expect(withPhoto).toBeDefined();
    const photo = await fetch(withPhoto?.recipePhoto ?? '');
    expect(photo.status).toBe(200);
    expect((await sharp(Buffer.from(await photo.arrayBuffer())).metadata()).format).toBe('webp');
    // The restored database is a Forkful database as far as migrations go: the restarted app added nothing.
    expect(after.output()).not.toMatch(/"level":5\d/);
  }, 300_000);
});
