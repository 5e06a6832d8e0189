import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, CookieJar, multipart, registerUser, type TestContext } from '../../test/app.js';
import { call, expectError, expectOk, fileNames, makeImage, upload, uploadedFiles } from '../../test/fixtures.js';

let ctx: TestContext;
let jpeg: Buffer;
let png: Buffer;

beforeAll(async () => {
  ctx = await createTestApp();
  jpeg = await makeImage('jpeg', { width: 600, height: 400 });
  png = await makeImage('png', { width: 300, height: 300 });
});
afterAll(async () => {
  await ctx.close();
});

const avatarUrls = (user: { avatar: { variants: Array<{ url: string }> } }) =>
  user.avatar.variants.map((variant) => variant.url);

function register(email: string, file?: { bytes: Buffer; filename: string; contentType: string }) {
  const form = multipart(
    { name: 'Ava Tar', email, password: 'a long passphrase' },
    file && { field: 'avatar', ...file },
  );
  return ctx.app.inject({ method: 'POST', url: '/api/v1/users/register', ...form });
}

async function userCount(): Promise<number> {
  const result = await ctx.database.pool.query('SELECT count(*)::int AS n FROM users');
  return result.rows[0].n;
}

describe('avatars', () => {
  it('accepts a PNG or JPEG avatar at sign-up, re-encoded to WebP without metadata', async () => {
    const response = await register('png-avatar@example.com', {
      bytes: png,
      filename: 'me.png',
      contentType: 'image/png',
    });
    const { user } = expectOk(response, 201);
    expect(user.avatar.isDefault).toBe(false);
    expect(user.avatar.variants.map((variant: { width: number }) => variant.width)).toEqual([128, 256]);
    expect(user.avatar.url).toBe(user.avatar.variants[1].url);

    const withExif = await register('jpeg-avatar@example.com', {
      bytes: jpeg,
      filename: 'me.jpg',
      contentType: 'image/jpeg',
    });
    const jpegUser = expectOk(withExif, 201).user;
    for (const url of avatarUrls(jpegUser)) {
      const served = await ctx.app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toContain('immutable');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      const metadata = await sharp(served.rawPayload).metadata();
      expect(metadata.format).toBe('webp');
      expect(metadata.exif).toBeUndefined();
    }
  });

  it('refuses a WebP avatar or a text file named .jpg (415) and an avatar over 10 MB (413), creating no account', async () => {
    const users = await userCount();
    const files = uploadedFiles(ctx.config.uploadsDir);
    const webp = await makeImage('webp');
    expectError(
      await register('webp-avatar@example.com', { bytes: webp, filename: 'me.webp', contentType: 'image/webp' }),
      415,
      'Avatar must be a PNG or JPEG image',
    );
    expectError(
      await register('text-avatar@example.com', {
        bytes: Buffer.from('hello, not an image'),
        filename: 'me.jpg',
        contentType: 'image/jpeg',
      }),
      415,
      'The file is not a valid image',
    );
    const huge = Buffer.concat([jpeg, Buffer.alloc(10 * 1024 * 1024 + 1 - jpeg.length)]);
    expectError(
      await register('huge-avatar@example.com', { bytes: huge, filename: 'me.jpg', contentType: 'image/jpeg' }),
      413,
    );
    expect(await userCount()).toBe(users);
    expect(uploadedFiles(ctx.config.uploadsDir)).toEqual(files);
  });

  it('leaves no avatar files behind when the sign-up is refused for a taken email', async () => {
    await registerUser(ctx.app, 'First', 'taken@example.com');
    const files = uploadedFiles(ctx.config.uploadsDir);
    const response = await register('taken@example.com', { bytes: png, filename: 'me.png', contentType: 'image/png' });
    expectError(response, 409, 'An account with this email already exists');
    expect(uploadedFiles(ctx.config.uploadsDir)).toEqual(files);
  });

  it('changes an avatar, removing the old files, and removes it back to the default picture', async () => {
    const user = await registerUser(ctx.app);
    const first = expectOk(
      await upload(ctx.app, user.jar, '/users/update-avatar', { field: 'avatar', bytes: jpeg }),
    ).user;
    expect(first.avatar.isDefault).toBe(false);
    const firstFiles = fileNames(avatarUrls(first));
    for (const name of firstFiles) expect(uploadedFiles(ctx.config.uploadsDir)).toContain(name);

    const second = expectOk(
      await upload(ctx.app, user.jar, '/users/update-avatar', {
        field: 'avatar',
        bytes: png,
        filename: 'b.png',
        contentType: 'image/png',
      }),
    ).user;
    const secondFiles = fileNames(avatarUrls(second));
    const afterChange = uploadedFiles(ctx.config.uploadsDir);
    for (const name of firstFiles) expect(afterChange).not.toContain(name);
    for (const name of secondFiles) expect(afterChange).toContain(name);

    const removed = expectOk(await call(ctx.app, 'PATCH', '/users/remove-avatar', { jar: user.jar })).user;
    expect(removed.avatar).toMatchObject({ isDefault: true, variants: [] });
    expect(typeof removed.avatar.url).toBe('string');
    const afterRemove = uploadedFiles(ctx.config.uploadsDir);
    for (const name of secondFiles) expect(afterRemove).not.toContain(name);
    // Removing again is harmless.
    expectOk(await call(ctx.app, 'PATCH', '/users/remove-avatar', { jar: user.jar }));
  });

  it('takes a WebP on an avatar change, which sign-up refuses (png or jpeg there only)', async () => {
    const user = await registerUser(ctx.app);
    const changed = expectOk(
      await upload(ctx.app, user.jar, '/users/update-avatar', {
        field: 'avatar',
        bytes: await makeImage('webp', { width: 300, height: 300 }),
        filename: 'me.webp',
        contentType: 'image/webp',
      }),
    ).user;
    expect(changed.avatar.isDefault).toBe(false);
    const files = uploadedFiles(ctx.config.uploadsDir);
    for (const name of fileNames(avatarUrls(changed))) expect(files).toContain(name);
  });

  it('refuses a bad avatar change and keeps the current avatar', async () => {
    const user = await registerUser(ctx.app);
    const current = expectOk(
      await upload(ctx.app, user.jar, '/users/update-avatar', { field: 'avatar', bytes: jpeg }),
    ).user;
    const before = uploadedFiles(ctx.config.uploadsDir);
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    expectError(
      await upload(ctx.app, user.jar, '/users/update-avatar', {
        field: 'avatar',
        bytes: gif,
        filename: 'me.gif',
        contentType: 'image/gif',
      }),
      415,
      'Avatar must be a PNG, JPEG or WebP image',
    );
    expectError(
      await upload(ctx.app, user.jar, '/users/update-avatar', { field: 'avatar', bytes: Buffer.from('text') }),
      415,
    );
    expectError(await upload(ctx.app, user.jar, '/users/update-avatar', undefined), 400, 'Photo is required');
    const huge = Buffer.concat([jpeg, Buffer.alloc(10 * 1024 * 1024 + 1 - jpeg.length)]);
    expectError(await upload(ctx.app, user.jar, '/users/update-avatar', { field: 'avatar', bytes: huge }), 413);
    expect(uploadedFiles(ctx.config.uploadsDir)).toEqual(before);
    const now = expectOk(await call(ctx.app, 'GET', '/users/current', { jar: user.jar })).user;
    expect(now.avatar).toEqual(current.avatar);
  });

  it('needs a login to change or remove an avatar', async () => {
    const before = uploadedFiles(ctx.config.uploadsDir);
    expectError(await upload(ctx.app, undefined, '/users/update-avatar', { field: 'avatar', bytes: jpeg }), 401);
    expectError(await call(ctx.app, 'PATCH', '/users/remove-avatar'), 401);
    expectError(await upload(ctx.app, new CookieJar(), '/users/update-avatar', { field: 'avatar', bytes: jpeg }), 401);
    expect(uploadedFiles(ctx.config.uploadsDir)).toEqual(before);
  });
});
