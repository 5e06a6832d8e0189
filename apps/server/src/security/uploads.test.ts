import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, multipart, registerUser, type CookieJar, type TestContext } from '../test/app.js';
import {
  call,
  createRecipe,
  defaultRecipe,
  expectError,
  expectOk,
  makeImage,
  postRecipe,
  upload,
  uploadedFiles,
} from '../test/fixtures.js';
import { pngDeclaring, tableCounts, waitUntil } from '../test/state.js';

let ctx: TestContext;
let cook: { id: string; jar: CookieJar };
let recipeId: string;
let jpeg: Buffer;

beforeAll(async () => {
  ctx = await createTestApp();
  cook = await registerUser(ctx.app, 'Upload Cook');
  recipeId = await createRecipe(ctx.app, cook.jar);
  jpeg = await makeImage('jpeg', { width: 300, height: 200 });
});
afterAll(async () => {
  await ctx.close();
});

let address: string | undefined;
/** The app on a real loopback port (started once). */
async function listening(): Promise<string> {
  address ??= await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  return address;
}

/** After a refused upload: the server still answers, and there is no new file and no new row. */
async function expectNothingKept(before: Awaited<ReturnType<typeof tableCounts>>): Promise<void> {
  expect(uploadedFiles(ctx.config.uploadsDir)).toEqual([]);
  expect(await tableCounts(ctx.database.pool)).toEqual(before);
  expectOk(await call(ctx.app, 'GET', '/health/ready'));
}

const hostile: Array<[name: string, bytes: () => Buffer, contentType: string, status: number, message: string]> = [
  [
    'an HTML page named .jpg',
    () => Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>'),
    'image/jpeg',
    415,
    'The file is not a valid image',
  ],
  [
    'an SVG with a script',
    () =>
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script>' +
          '<rect width="10" height="10" onload="alert(2)"/></svg>',
      ),
    'image/png',
    415,
    'Recipe photo must be a PNG, JPEG or WebP image',
  ],
  [
    'a truncated JPEG',
    () => jpeg.subarray(0, Math.floor(jpeg.length / 2)),
    'image/jpeg',
    415,
    'The file is not a valid image',
  ],
  [
    'a 400-byte PNG declaring 50000×50000 pixels',
    () => pngDeclaring(50_000, 50_000),
    'image/png',
    413,
    'The image is too large (40 megapixels at most)',
  ],
  [
    'a GIF',
    () => Buffer.from('R0lGODlhAQABAIAAAAAAAP///ywAAAAAAQABAAACAUwAOw==', 'base64'),
    'image/gif',
    415,
    'Recipe photo must be a PNG, JPEG or WebP image',
  ],
  ['an empty file', () => Buffer.alloc(0), 'image/png', 400, 'Photo is required'],
];

describe('hostile recipe photos', () => {
  it.each(hostile)(
    'refuses %s on create and on photo change, keeping nothing',
    async (_name, bytes, contentType, status, message) => {
      const before = await tableCounts(ctx.database.pool);
      const created = await postRecipe(ctx.app, cook.jar, defaultRecipe, {
        bytes: bytes(),
        filename: 'photo.jpg',
        contentType,
      });
      // An empty file part is no photo at all: the recipe is created without one.
      if (status === 400) {
        const id = expectOk(created, 201)._id;
        expect(expectOk(await call(ctx.app, 'GET', `/recipes/${id}/view-recipe`)).recipePhoto).toBeNull();
        expectOk(await call(ctx.app, 'DELETE', `/recipes/${id}/delete-recipe`, { jar: cook.jar }));
      } else {
        expectError(created, status, message);
      }
      const changed = await upload(ctx.app, cook.jar, `/recipes/${recipeId}/update-recipe-photo`, {
        field: 'recipePhoto',
        bytes: bytes(),
        filename: 'photo.jpg',
        contentType,
      });
      expectError(changed, status, message);
      await expectNothingKept(before);
    },
  );

  it('refuses hostile avatars on sign-up and on change', async () => {
    const before = await tableCounts(ctx.database.pool);
    for (const [, bytes, contentType, status] of hostile.filter(([, , , status]) => status !== 400)) {
      const form = multipart(
        { name: 'Avatar Cook', email: `avatar-${status}-${Math.random()}@example.com`, password: 'avatar pass phrase' },
        { field: 'avatar', filename: 'me.png', contentType, bytes: bytes() },
      );
      const registered = await ctx.app.inject({ method: 'POST', url: '/api/v1/users/register', ...form });
      expect(registered.statusCode).toBe(status);
      const changed = await upload(ctx.app, cook.jar, '/users/update-avatar', {
        field: 'avatar',
        bytes: bytes(),
        contentType,
      });
      expect(changed.statusCode).toBe(status);
    }
    // The format is read from the bytes, not the declared type: a WebP sent as a PNG is still a WebP, which sign-up
    // refuses (png or jpeg only, spec section 5).
    const webpForm = multipart(
      { name: 'Avatar Cook', email: `avatar-webp-${Math.random()}@example.com`, password: 'avatar pass phrase' },
      { field: 'avatar', filename: 'me.png', contentType: 'image/png', bytes: await makeImage('webp') },
    );
    const webp = await ctx.app.inject({ method: 'POST', url: '/api/v1/users/register', ...webpForm });
    expectError(webp, 415, 'Avatar must be a PNG or JPEG image');
    // A GIF sent as a PNG is refused on a change too: the pipeline takes PNG, JPEG and WebP.
    const gif = await upload(ctx.app, cook.jar, '/users/update-avatar', {
      field: 'avatar',
      bytes: Buffer.from('R0lGODlhAQABAIAAAAAAAP///ywAAAAAAQABAAACAUwAOw==', 'base64'),
      contentType: 'image/png',
    });
    expectError(gif, 415, 'Avatar must be a PNG, JPEG or WebP image');
    await expectNothingKept(before);
  });

  it('re-encodes a JPEG with HTML appended, so the stored file carries none of it', async () => {
    const polyglot = Buffer.concat([jpeg, Buffer.from('<script>alert(1)</script>')]);
    const id = await createRecipe(ctx.app, cook.jar, {}, { bytes: polyglot, filename: '../../../evil.html' });
    const files = uploadedFiles(ctx.config.uploadsDir);
    expect(files).toHaveLength(6);
    for (const name of files) {
      expect(name).toMatch(/^recipe-[0-9a-f]{32}-v3-\d+\.webp$/);
      expect(readFileSync(path.join(ctx.config.uploadsDir, name)).includes('<script')).toBe(false);
    }
    // The client's file name is never used: nothing was written outside the uploads folder (tmp holds uploads
    // waiting for the image pipeline, under random names).
    expect(readdirSync(ctx.config.dataDir).sort()).toEqual(['secrets', 'tmp', 'uploads']);
    expect(existsSync(path.join(ctx.config.dataDir, '..', 'evil.html'))).toBe(false);
    expectOk(await call(ctx.app, 'DELETE', `/recipes/${id}/delete-recipe`, { jar: cook.jar }));
    expect(uploadedFiles(ctx.config.uploadsDir)).toEqual([]);
  });

  it('serves nothing outside the uploads folder', async () => {
    const address = new URL(await listening());
    for (const url of [
      '/uploads/../secrets/access-token-secret.txt',
      '/uploads/..%2fsecrets%2faccess-token-secret.txt',
      '/uploads/%2e%2e/secrets/access-token-secret.txt',
      '/uploads/..%5csecrets%5caccess-token-secret.txt',
      '/uploads/%2e%2e%2f%2e%2e%2fsecrets/access-token-secret.txt',
    ]) {
      // A raw request: an HTTP client (and app.inject) would tidy the dots away before sending.
      const socket = connect(Number(address.port), '127.0.0.1');
      socket.write(`GET ${url} HTTP/1.1\r\nHost: ${address.host}\r\nConnection: close\r\n\r\n`);
      const chunks: Buffer[] = [];
      for await (const chunk of socket) chunks.push(chunk as Buffer);
      const text = Buffer.concat(chunks).toString();
      expect(text, url).toMatch(/^HTTP\/1\.1 40[34] /);
      expect(text.includes(ctx.config.accessTokenSecret), url).toBe(false);
    }
  });
});

describe('multipart limits', () => {
  it('refuses a file over 10 MB with 413', async () => {
    const before = await tableCounts(ctx.database.pool);
    const big = Buffer.concat([jpeg, Buffer.alloc(10 * 1024 * 1024 + 1024)]);
    expectError(
      await postRecipe(ctx.app, cook.jar, defaultRecipe, { bytes: big }),
      413,
      'The file is too large (10 MB at most)',
    );
    const avatar = await upload(ctx.app, cook.jar, '/users/update-avatar', { field: 'avatar', bytes: big });
    expectError(avatar, 413, 'The file is too large (10 MB at most)');
    await expectNothingKept(before);
  });

  it('refuses at the configured MAX_UPLOAD_MB, names that limit, and tells clients the limit', async () => {
    const small = await createTestApp({ MAX_UPLOAD_MB: '1.5' });
    try {
      const smallCook = await registerUser(small.app, 'Small Upload Cook');
      const big = Buffer.concat([jpeg, Buffer.alloc(2 * 1024 * 1024)]);
      const message = 'The file is too large (1.5 MB at most)';
      expectError(await postRecipe(small.app, smallCook.jar, defaultRecipe, { bytes: big }), 413, message);
      expectError(
        await upload(small.app, smallCook.jar, '/users/update-avatar', { field: 'avatar', bytes: big }),
        413,
        message,
      );
      // Under the limit is still taken.
      expectOk(await postRecipe(small.app, smallCook.jar, defaultRecipe, { bytes: jpeg }), 201);
      expect(expectOk(await call(small.app, 'GET', '/uploads/limits'))).toEqual({ maxUploadBytes: 1.5 * 1024 * 1024 });
    } finally {
      await small.close();
    }
  });

  it('refuses too many parts, too many files and a file in the wrong field', async () => {
    const before = await tableCounts(ctx.database.pool);
    const manySteps = Array.from({ length: 300 }, (_, n) => `step ${n}`);
    expectError(await postRecipe(ctx.app, cook.jar, { ...defaultRecipe, steps: manySteps }), 413);

    const boundary = 'forkfulTwoFiles';
    const filePart = (field: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="a.jpg"\r\n` +
      `Content-Type: image/jpeg\r\n\r\n${jpeg.toString('latin1')}\r\n`;
    const twoFiles = Buffer.from(`${filePart('recipePhoto')}${filePart('recipePhoto')}--${boundary}--\r\n`, 'latin1');
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/recipes/${recipeId}/update-recipe-photo`,
      headers: { cookie: cook.jar.header(), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: twoFiles,
    });
    expectError(response, 413, 'Only one file can be uploaded');

    const wrongField = await upload(ctx.app, cook.jar, `/recipes/${recipeId}/update-recipe-photo`, {
      field: 'somethingElse',
      bytes: jpeg,
    });
    expectError(wrongField, 400, "Unexpected file field 'somethingElse'");
    await expectNothingKept(before);
  });

  it('refuses a body that is not multipart, or not well-formed multipart, with 4xx', async () => {
    const before = await tableCounts(ctx.database.pool);
    const notMultipart = await call(ctx.app, 'POST', '/recipes/create-recipe', {
      jar: cook.jar,
      payload: { title: 'Json Stew' },
    });
    expectError(notMultipart, 400, 'The request must be multipart/form-data');
    const garbage = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/recipes/create-recipe',
      headers: { cookie: cook.jar.header(), 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="title"\r\n\r\nhalf a part',
    });
    expectError(garbage, 400, 'The multipart body is malformed');
    const noBoundary = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/recipes/create-recipe',
      headers: { cookie: cook.jar.header(), 'content-type': 'multipart/form-data' },
      payload: 'anything',
    });
    expect(noBoundary.statusCode).toBeGreaterThanOrEqual(400);
    expect(noBoundary.statusCode).toBeLessThan(500);
    await expectNothingKept(before);
  });
});

describe('an upload aborted half-way', () => {
  it('keeps no file and no row, and the server carries on', async () => {
    const base = await listening();
    const { port } = new URL(base);
    const before = await tableCounts(ctx.database.pool);
    const photo = Buffer.concat([jpeg, Buffer.alloc(2 * 1024 * 1024, 7)]);
    for (const [path, fields, field] of [
      ['/api/v1/recipes/create-recipe', defaultRecipe, 'recipePhoto'],
      [`/api/v1/recipes/${recipeId}/update-recipe-photo`, {}, 'recipePhoto'],
      ['/api/v1/users/update-avatar', {}, 'avatar'],
      ['/api/v1/users/register', { name: 'Half', email: 'half@example.com', password: 'half pass phrase' }, 'avatar'],
    ] as const) {
      const form = multipart(fields, { field, filename: 'photo.jpg', contentType: 'image/jpeg', bytes: photo });
      // Every field and half the photo; then everything but the closing boundary.
      for (const sent of [form.payload.length / 2, form.payload.length - 8]) {
        const socket = connect(Number(port), '127.0.0.1');
        await new Promise<void>((resolve) => socket.once('connect', resolve));
        socket.write(
          `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${cook.jar.header()}\r\n` +
            `Content-Type: ${form.headers['content-type']}\r\nContent-Length: ${form.payload.length}\r\n\r\n`,
        );
        await new Promise<void>((resolve) => socket.write(form.payload.subarray(0, sent), () => resolve()));
        socket.destroy();
        await waitUntil(
          () =>
            new Promise<boolean>((resolve) => ctx.app.server.getConnections((_error, count) => resolve(count === 0))),
          'the server has dropped the aborted connection',
        );
      }
    }
    // Whatever the server was doing with the parts it had, it has finished and kept nothing.
    await waitUntil(async () => {
      const counts = await tableCounts(ctx.database.pool);
      return JSON.stringify(counts) === JSON.stringify(before) && uploadedFiles(ctx.config.uploadsDir).length === 0;
    }, 'the aborted uploads have left nothing behind');
    await expectNothingKept(before);
    const fetched = await fetch(`${base}/api/v1/health/live`);
    expect(fetched.status).toBe(200);
  });
});
