import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import { S3FileStorage } from '../services/s3-storage.js';
import { createTestApp, type TestContext } from '../test/app.js';
import { recipeWithPhotoFiles } from '../test/fixtures.js';
import { startLocalS3, type LocalS3 } from '../test/s3-server.js';
import { sweepOrphanedImages } from './orphaned-images.js';

// The orphaned-image sweep on S3-compatible storage: the bucket listed through ListObjectsV2 (every page of it) and
// the orphans removed with DeleteObject, against s3rver, which checks each request's signature. Nothing is mocked.

let s3: LocalS3;
let ctx: TestContext;
let storage: S3FileStorage;

beforeAll(async () => {
  // A process of its own: s3rver pages ListObjectsV2 only there (see startLocalS3).
  s3 = await startLocalS3('forkful-sweep', { ownProcess: true });
  ctx = await createTestApp({
    S3_BUCKET: s3.bucket,
    S3_ENDPOINT: s3.endpoint,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
  });
  storage = new S3FileStorage(ctx.config.s3!);
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  await s3?.close();
});

/** Puts many small objects, a few at a time. */
async function putAll(names: string[]) {
  for (let start = 0; start < names.length; start += 16) {
    await Promise.all(names.slice(start, start + 16).map((name) => storage.put(name, Buffer.from('x'))));
  }
}

describe('the orphaned-image sweep on S3-compatible storage', () => {
  it('lists every page of the bucket, removes old orphans, and keeps referenced, young and foreign objects', async () => {
    const { files: kept } = await recipeWithPhotoFiles(ctx.app, 'Bucket Sweep Cook');
    expect(kept.length).toBeGreaterThan(0);

    const orphans = [
      `avatar-${'b'.repeat(32)}-128.webp`,
      `recipe-${'a'.repeat(32)}-v3-320.webp`,
      `recipe-${'a'.repeat(32)}-v3-640.webp.1234.tmp`,
    ];
    // More than one ListObjectsV2 page (1,000 keys) of other files, sorting between the avatar and the recipe
    // orphans, so the recipe orphans are found only by following the continuation token.
    const foreign = [
      ...Array.from({ length: 1001 }, (_, index) => `filler-${String(index).padStart(4, '0')}.txt`),
      'notes & <sketches>.txt',
    ];
    await putAll([...orphans, ...foreign]);
    const listed: string[] = [];
    for await (const file of storage.list()) listed.push(file.name);
    expect(listed.sort()).toEqual([...kept, ...orphans, ...foreign].sort());

    // Everything so far counts as old: the cut-off is now, and a later object is young (S3's LastModified may be
    // whole seconds, hence the pause before it).
    const cutoff = Date.now();
    await sleep(1100);
    const young = `recipe-${'c'.repeat(32)}-v3-320.webp`;
    await storage.put(young, Buffer.from('x'));

    const { examined, removed } = await sweepOrphanedImages(ctx.database.db, storage, { now: cutoff, minAgeMs: 0 });
    expect(examined).toBe(kept.length + orphans.length + foreign.length + 1);
    expect(removed.sort()).toEqual([...orphans].sort());
    expect(await s3.keys()).toEqual([...kept, ...foreign, young].sort());
    // The recipe's photo is still served from the bucket.
    expect((await fetch(`${s3.endpoint}/${s3.bucket}/${kept[0]}`)).status).toBe(200);
  }, 120_000);
});
