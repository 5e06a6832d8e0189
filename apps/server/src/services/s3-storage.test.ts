import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar, createTestApp, multipart, registerUser, type TestContext } from '../test/app.js';
import { call, createRecipe, expectError, expectOk, makeImage, postRecipe, upload } from '../test/fixtures.js';
import { startLocalS3, type LocalS3 } from '../test/s3-server.js';
import { seedDemoContent } from '../seed/demo.js';
import { ImageService, imageFileNames } from './images.js';
import { loadConfig } from '../config.js';
import { S3FileStorage, STORAGE_UNAVAILABLE } from './s3-storage.js';

// The whole image life cycle of the API against a real S3-compatible server (s3rver), which checks every request's
// Signature Version 4: nothing of our own storage code is mocked.

let s3: LocalS3;
let ctx: TestContext;
let jpeg: Buffer;
let png: Buffer;

const s3Env = (s3: LocalS3, overrides: Record<string, string> = {}) => ({
  S3_BUCKET: s3.bucket,
  S3_ENDPOINT: s3.endpoint,
  S3_REGION: 'us-east-1',
  S3_ACCESS_KEY_ID: s3.accessKeyId,
  S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
  ...overrides,
});

type Variant = { width: number; url: string };
const keysOf = (variants: Variant[]) => variants.map((variant) => new URL(variant.url).pathname.split('/').pop()!);

beforeAll(async () => {
  s3 = await startLocalS3();
  ctx = await createTestApp(s3Env(s3));
  jpeg = await makeImage('jpeg', { width: 1600, height: 1200 });
  png = await makeImage('png', { width: 300, height: 300 });
});
afterAll(async () => {
  await ctx?.close();
  await s3?.close();
});

describe('images on S3-compatible storage', () => {
  it('stores every variant in the bucket and serves it from the public URL, not from /uploads', async () => {
    const cook = await registerUser(ctx.app, 'Bucket Cook');
    const id = await createRecipe(ctx.app, cook.jar, {}, { bytes: jpeg });
    const recipe = expectOk(await call(ctx.app, 'GET', `/recipes/${id}/view-recipe`));
    const variants = recipe.recipePhotoVariants as Variant[];
    expect(variants.map((variant) => variant.width)).toEqual([320, 640, 720, 800, 1080, 1280]);
    expect(recipe.recipePhoto).toBe(variants[5]?.url);
    for (const { width, url } of variants) {
      expect(url.startsWith(`${s3.endpoint}/${s3.bucket}/recipe-`)).toBe(true);
      const served = await fetch(url);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const metadata = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect(metadata).toMatchObject({ format: 'webp', width });
    }
    expect(await s3.keys()).toEqual(keysOf(variants).sort());
    // Nothing on local disk, and no /uploads route that could serve it.
    expect(existsSync(ctx.config.uploadsDir)).toBe(false);
    expect((await ctx.app.inject({ method: 'GET', url: `/uploads/${keysOf(variants)[0]}` })).statusCode).toBe(404);
    // The page may load images from the bucket's origin.
    const page = await ctx.app.inject({ method: 'GET', url: '/api/v1/health/live' });
    expect(page.headers['content-security-policy']).toContain(`img-src 'self' data: blob: ${s3.endpoint}`);

    expectOk(await call(ctx.app, 'DELETE', `/recipes/${id}/delete-recipe`, { jar: cook.jar }));
    expect(await s3.keys()).toEqual([]);
  });

  it('replaces and deletes a recipe photo, removing the old objects', async () => {
    const cook = await registerUser(ctx.app, 'Photo Changer');
    const id = await createRecipe(ctx.app, cook.jar, {}, { bytes: jpeg });
    const old = expectOk(await call(ctx.app, 'GET', `/recipes/${id}/view-recipe`)).recipePhotoVariants as Variant[];

    const replaced = expectOk(
      await upload(ctx.app, cook.jar, `/recipes/${id}/update-recipe-photo`, {
        field: 'recipePhoto',
        bytes: png,
        filename: 'new.png',
        contentType: 'image/png',
      }),
    );
    const fresh = replaced.recipePhotoVariants as Variant[];
    expect(await s3.keys()).toEqual(keysOf(fresh).sort());
    for (const { url } of old) expect((await fetch(url)).status).toBe(404);
    // A 300 px source is never enlarged.
    const largest = await fetch(replaced.recipePhoto);
    expect((await sharp(Buffer.from(await largest.arrayBuffer())).metadata()).width).toBe(300);

    const deleted = expectOk(await call(ctx.app, 'PATCH', `/recipes/${id}/delete-recipe-photo`, { jar: cook.jar }));
    expect(deleted).toMatchObject({ recipePhoto: null, recipePhotoVariants: [] });
    expect(await s3.keys()).toEqual([]);
    expectOk(await call(ctx.app, 'DELETE', `/recipes/${id}/delete-recipe`, { jar: cook.jar }));
  });

  it('stores, replaces and removes avatars, and removes every file of a deleted account', async () => {
    const form = multipart(
      { name: 'Ava Bucket', email: 'ava.bucket@example.com', password: 'a long passphrase' },
      { field: 'avatar', filename: 'me.png', contentType: 'image/png', bytes: png },
    );
    const registered = await ctx.app.inject({ method: 'POST', url: '/api/v1/users/register', ...form });
    const { user } = expectOk(registered, 201);
    const jar = new CookieJar();
    jar.store(registered);
    const firstAvatar = user.avatar.variants as Variant[];
    expect(firstAvatar.map((variant) => variant.width)).toEqual([128, 256]);
    for (const { url } of firstAvatar) expect((await fetch(url)).status).toBe(200);

    const changed = expectOk(
      await upload(ctx.app, jar, '/users/update-avatar', { field: 'avatar', bytes: jpeg, contentType: 'image/jpeg' }),
    );
    const secondAvatar = changed.user.avatar.variants as Variant[];
    for (const { url } of firstAvatar) expect((await fetch(url)).status).toBe(404);

    const published = await createRecipe(ctx.app, jar, {}, { bytes: jpeg });
    const draft = await createRecipe(ctx.app, jar, { isPublished: 'false' }, { bytes: png });
    const photos = await Promise.all(
      [published, draft].map(
        async (id) => expectOk(await call(ctx.app, 'GET', `/recipes/${id}/view-recipe`, { jar })).recipePhotoVariants,
      ),
    );
    expect(await s3.keys()).toEqual([...keysOf(secondAvatar), ...photos.flatMap(keysOf)].sort());

    expectOk(await call(ctx.app, 'DELETE', '/users/delete', { jar }));
    expect(await s3.keys()).toEqual([]);
  });

  it('removes the avatar objects on remove-avatar', async () => {
    const cook = await registerUser(ctx.app, 'Avatar Remover');
    expectOk(await upload(ctx.app, cook.jar, '/users/update-avatar', { field: 'avatar', bytes: png }));
    expect(await s3.keys()).toHaveLength(2);
    const { user } = expectOk(await call(ctx.app, 'PATCH', '/users/remove-avatar', { jar: cook.jar }));
    expect(user.avatar).toMatchObject({ isDefault: true, variants: [] });
    expect(await s3.keys()).toEqual([]);
  });
});

describe('the demo seed on S3-compatible storage', () => {
  let seeded: TestContext;
  beforeAll(async () => {
    seeded = await createTestApp(s3Env(s3));
    await seedDemoContent(seeded.database.db, seeded.config, () => undefined);
  }, 120_000);
  afterAll(async () => {
    await seeded?.close();
  });

  it('puts every demo photo and avatar in the bucket, with all four widths for photos', async () => {
    const keys = await seeded.database.pool.query<{ photo_key: string | null; avatar_key: string | null }>(
      `SELECT photo_key, NULL AS avatar_key FROM recipes WHERE photo_key IS NOT NULL
       UNION ALL SELECT NULL, avatar_key FROM users WHERE avatar_key IS NOT NULL`,
    );
    const expected = keys.rows.flatMap((row) =>
      row.photo_key ? imageFileNames('recipe', row.photo_key) : imageFileNames('avatar', row.avatar_key ?? ''),
    );
    expect(expected.filter((name) => name.endsWith('-800.webp')).length).toBeGreaterThan(30);
    expect(await s3.keys()).toEqual(expected.sort());
    const page = expectOk(await seeded.app.inject({ method: 'GET', url: '/api/v1/recipes/all?limit=1' }));
    const [variant] = page.recipes[0].recipePhotoVariants as Variant[];
    expect((await fetch(variant!.url)).headers.get('content-type')).toBe('image/webp');
    // Empty the bucket again for the suite after this one, all at once (the storage keeps 16 requests in flight).
    const storage = new S3FileStorage(seeded.config.s3!);
    await Promise.all(expected.map((name) => storage.remove(name)));
    expect(await s3.keys()).toEqual([]);
  });
});

describe('S3 storage that refuses our requests', () => {
  let refused: TestContext;
  let cook: { jar: CookieJar };
  beforeAll(async () => {
    // s3rver knows one access key (it does not recompute V4 signatures; the signer's vector test below does).
    refused = await createTestApp(s3Env(s3, { S3_ACCESS_KEY_ID: 'NOT-A-KEY' }));
    cook = await registerUser(refused.app, 'Refused Cook');
  });
  afterAll(async () => {
    await refused?.close();
  });

  it('fails the upload with a 500 in the envelope and keeps no recipe and no object', async () => {
    const response = await postRecipe(
      refused.app,
      cook.jar,
      { title: 'Never Stored', cookingTime: '5', ingredients: ['a'], steps: ['b'] },
      { bytes: jpeg },
    );
    expectError(response, 500);
    const rows = await refused.database.pool.query('SELECT count(*)::int AS n FROM recipes');
    expect(rows.rows[0].n).toBe(0);
    expect(await s3.keys()).toEqual([]);
  });

  it('treats a failed removal as a warning, not an error: the database change it follows has committed', async () => {
    const warnings: string[] = [];
    const images = new ImageService(new S3FileStorage(refused.config.s3!), (message) => warnings.push(message));
    await expect(images.remove('recipe', `${'a'.repeat(32)}-v2`)).resolves.toBeUndefined();
    expect(warnings).toHaveLength(4);
    expect(warnings[0]).toMatch(
      /^Image file recipe-a{32}-v2-320\.webp was not removed: S3 DELETE .* 403 InvalidAccessKeyId$/,
    );
  });
});

describe('S3 storage that cannot be reached', () => {
  let down: TestContext;
  let cook: { jar: CookieJar };
  beforeAll(async () => {
    const port = await new Promise<number>((resolve) => {
      const server = createNetServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        server.close(() => resolve(port));
      });
    });
    down = await createTestApp(s3Env(s3, { S3_ENDPOINT: `http://127.0.0.1:${port}` }));
    cook = await registerUser(down.app, 'Unlucky Cook');
  });
  afterAll(async () => {
    await down?.close();
  });

  it('answers an upload 503 with a clear message and Retry-After, and writes nothing', async () => {
    const response = await postRecipe(
      down.app,
      cook.jar,
      { title: 'Never Stored', cookingTime: '5', ingredients: ['a'], steps: ['b'] },
      { bytes: jpeg },
    );
    expectError(response, 503, STORAGE_UNAVAILABLE);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    const rows = await down.database.pool.query('SELECT count(*)::int AS n FROM recipes');
    expect(rows.rows[0].n).toBe(0);
    expect(existsSync(down.config.uploadsDir)).toBe(false);
    // A recipe without a photo is still saved: only photo storage is down.
    expectOk(
      await postRecipe(down.app, cook.jar, { title: 'No Photo', cookingTime: '5', ingredients: ['a'], steps: ['b'] }),
      201,
    );
  });

  it('is reported by readiness (and a reachable bucket is not)', async () => {
    const ready = await down.app.inject({ method: 'GET', url: '/api/v1/health/ready' });
    expectError(ready, 503, 'The photo storage is not reachable');
    expectOk(await ctx.app.inject({ method: 'GET', url: '/api/v1/health/ready' }));
    // The proxy's question leaves the bucket out: an outage that hits every instance must not take the site down.
    expectOk(await down.app.inject({ method: 'GET', url: '/api/v1/health/ready?scope=traffic' }));
  });
});

describe('temporary credentials', () => {
  it('sends the session token with every request, inside the signature', async () => {
    const seen: Record<string, string | string[] | undefined>[] = [];
    const server = createHttpServer((request, response) => {
      seen.push(request.headers);
      request.resume();
      request.on('end', () => response.writeHead(request.method === 'DELETE' ? 204 : 200).end());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const config = loadConfig({
        DATA_DIR: ctx.config.dataDir,
        ...s3Env(s3, { S3_ENDPOINT: endpoint, S3_SESSION_TOKEN: 'FQoGZXIvYXdzE-temporary-token' }),
      });
      expect(config.s3?.sessionToken).toBe('FQoGZXIvYXdzE-temporary-token');
      const storage = new S3FileStorage(config.s3!);
      await storage.put('recipe-abc-320.webp', Buffer.from('bytes'));
      await storage.remove('recipe-abc-320.webp');
      await storage.check();
      expect(seen).toHaveLength(3);
      for (const headers of seen) {
        expect(headers['x-amz-security-token']).toBe('FQoGZXIvYXdzE-temporary-token');
        const signed = /SignedHeaders=([^,]+)/.exec(String(headers.authorization))?.[1]?.split(';');
        expect(signed).toContain('x-amz-security-token');
        expect(signed).toContain('x-amz-content-sha256');
      }
      // The payload is signed by its hash, not sent as UNSIGNED-PAYLOAD.
      expect(seen[0]?.['x-amz-content-sha256']).toBe(createHash('sha256').update('bytes').digest('hex'));
      const without = new S3FileStorage({ ...config.s3!, sessionToken: undefined });
      await without.remove('recipe-abc-320.webp');
      expect(seen[3]?.['x-amz-security-token']).toBeUndefined();
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
