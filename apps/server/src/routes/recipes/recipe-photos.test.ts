import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type CookieJar, type TestContext } from '../../test/app.js';
import {
  call,
  createRecipe,
  defaultRecipe,
  expectError,
  expectOk,
  fileNames,
  makeImage,
  MALFORMED_ID,
  postRecipe,
  UNKNOWN_ID,
  upload,
  uploadedFiles,
} from '../../test/fixtures.js';

let ctx: TestContext;
let author: { id: string; jar: CookieJar };
let stranger: { id: string; jar: CookieJar };
let jpeg: Buffer;

const photoUrls = (recipe: { recipePhotoVariants: Array<{ url: string }> }) =>
  recipe.recipePhotoVariants.map((variant) => variant.url);

async function recipeCount(): Promise<number> {
  const result = await ctx.database.pool.query('SELECT count(*)::int AS n FROM recipes');
  return result.rows[0].n;
}

beforeAll(async () => {
  ctx = await createTestApp();
  author = await registerUser(ctx.app, 'Ada Author');
  stranger = await registerUser(ctx.app, 'Sam Stranger');
  // Landscape pixels with EXIF orientation 6: shown upright, the photo is portrait.
  jpeg = await makeImage('jpeg', { width: 2000, height: 1500, orientation: 6 });
});
afterAll(async () => {
  await ctx.close();
});

describe('recipe photos', () => {
  it('re-encodes an upload to WebP at 320, 640, 720, 800, 1080 and 1280, upright, with EXIF and GPS stripped', async () => {
    const input = await sharp(jpeg).metadata();
    expect(input.exif?.toString('latin1')).toContain('Secret Person');

    const id = await createRecipe(ctx.app, author.jar, {}, { bytes: jpeg });
    const recipe = expectOk(await call(ctx.app, 'GET', `/recipes/${id}/view-recipe`));
    expect(recipe.recipePhotoVariants.map((variant: { width: number }) => variant.width)).toEqual([
      320, 640, 720, 800, 1080, 1280,
    ]);
    expect(recipe.recipePhoto).toBe(recipe.recipePhotoVariants[5].url);
    expect(uploadedFiles(ctx.config.uploadsDir)).toEqual(fileNames(photoUrls(recipe)));

    for (const { width, url } of recipe.recipePhotoVariants as Array<{ width: number; url: string }>) {
      expect(url).toMatch(/^\/uploads\/[\w-]+\.webp$/);
      const served = await ctx.app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toContain('immutable');
      expect(served.headers['cache-control']).toContain('max-age=31536000');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      const output = await sharp(served.rawPayload).metadata();
      expect(output.format).toBe('webp');
      expect(output.width).toBe(width);
      expect(output.height).toBeGreaterThan(width);
      expect(output.exif).toBeUndefined();
      expect(output.xmp).toBeUndefined();
      expect(output.orientation).toBeUndefined();
      expect(served.rawPayload.toString('latin1')).not.toContain('Secret Person');
    }
  });

  it('accepts PNG and WebP photos', async () => {
    for (const format of ['png', 'webp'] as const) {
      const bytes = await makeImage(format);
      const id = await createRecipe(
        ctx.app,
        author.jar,
        {},
        { bytes, filename: `dish.${format}`, contentType: `image/${format}` },
      );
      const recipe = expectOk(await call(ctx.app, 'GET', `/recipes/${id}/view-recipe`));
      expect(recipe.recipePhotoVariants).toHaveLength(6);
    }
  });

  it('refuses a text file named .jpg and an unaccepted format with 415, storing nothing', async () => {
    const before = uploadedFiles(ctx.config.uploadsDir);
    const count = await recipeCount();
    const text = Buffer.from('this is not a picture at all, just text pretending to be one');
    expectError(
      await postRecipe(ctx.app, author.jar, defaultRecipe, { bytes: text }),
      415,
      'The file is not a valid image',
    );
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    expectError(
      await postRecipe(ctx.app, author.jar, defaultRecipe, { bytes: gif, filename: 'a.gif', contentType: 'image/gif' }),
      415,
      'Recipe photo must be a PNG, JPEG or WebP image',
    );
    expect(uploadedFiles(ctx.config.uploadsDir)).toEqual(before);
    expect(await recipeCount()).toBe(count);
  });

  it('refuses an upload over 10 MB with 413, storing nothing', async () => {
    const before = uploadedFiles(ctx.config.uploadsDir);
    const count = await recipeCount();
    const huge = Buffer.concat([jpeg, Buffer.alloc(10 * 1024 * 1024 + 1 - jpeg.length, 0)]);
    const response = await postRecipe(ctx.app, author.jar, defaultRecipe, { bytes: huge });
    expectError(response, 413);
    expect(uploadedFiles(ctx.config.uploadsDir)).toEqual(before);
    expect(await recipeCount()).toBe(count);

    const id = await createRecipe(ctx.app, author.jar);
    expectError(
      await upload(ctx.app, author.jar, `/recipes/${id}/update-recipe-photo`, { field: 'recipePhoto', bytes: huge }),
      413,
    );
    expect(uploadedFiles(ctx.config.uploadsDir)).toEqual(before);
  });

  it('replaces a photo and removes the old files', async () => {
    const id = await createRecipe(ctx.app, author.jar, {}, { bytes: jpeg });
    const old = photoUrls(expectOk(await call(ctx.app, 'GET', `/recipes/${id}/view-recipe`)));
    const png = await makeImage('png', { width: 700, height: 500 });
    const response = await upload(ctx.app, author.jar, `/recipes/${id}/update-recipe-photo`, {
      field: 'recipePhoto',
      bytes: png,
      filename: 'new.png',
      contentType: 'image/png',
    });
    const recipe = expectOk(response);
    const fresh = photoUrls(recipe);
    expect(fresh).toHaveLength(6);
    expect(fresh).not.toEqual(old);
    const files = uploadedFiles(ctx.config.uploadsDir);
    for (const name of fileNames(fresh)) expect(files).toContain(name);
    for (const name of fileNames(old)) expect(files).not.toContain(name);
    for (const url of old) expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    // A 700 px source is never enlarged.
    const largest = await ctx.app.inject({ method: 'GET', url: recipe.recipePhoto });
    expect((await sharp(largest.rawPayload).metadata()).width).toBe(700);
  });

  it('keeps the old photo when a replacement is refused', async () => {
    const id = await createRecipe(ctx.app, author.jar, {}, { bytes: jpeg });
    const old = photoUrls(expectOk(await call(ctx.app, 'GET', `/recipes/${id}/view-recipe`)));
    const path = `/recipes/${id}/update-recipe-photo`;
    expectError(await upload(ctx.app, author.jar, path, undefined), 400, 'Photo is required');
    expectError(
      await upload(ctx.app, author.jar, path, { field: 'recipePhoto', bytes: Buffer.from('plain text') }),
      415,
      'The file is not a valid image',
    );
    const after = expectOk(await call(ctx.app, 'GET', `/recipes/${id}/view-recipe`));
    expect(photoUrls(after)).toEqual(old);
    const files = uploadedFiles(ctx.config.uploadsDir);
    for (const name of fileNames(old)) expect(files).toContain(name);
  });

  it('lets only the author change the photo', async () => {
    const id = await createRecipe(ctx.app, author.jar);
    const draft = await createRecipe(ctx.app, author.jar, { isPublished: 'false' });
    const before = uploadedFiles(ctx.config.uploadsDir);
    const file = { field: 'recipePhoto', bytes: jpeg };
    expectError(await upload(ctx.app, undefined, `/recipes/${id}/update-recipe-photo`, file), 401);
    expectError(
      await upload(ctx.app, stranger.jar, `/recipes/${id}/update-recipe-photo`, file),
      403,
      'Only the author can change this recipe',
    );
    expectError(await upload(ctx.app, stranger.jar, `/recipes/${draft}/update-recipe-photo`, file), 404);
    expectError(await upload(ctx.app, author.jar, `/recipes/${UNKNOWN_ID}/update-recipe-photo`, file), 404);
    expectError(
      await upload(ctx.app, author.jar, `/recipes/${MALFORMED_ID}/update-recipe-photo`, file),
      400,
      'Invalid id',
    );
    expect(uploadedFiles(ctx.config.uploadsDir)).toEqual(before);
  });

  it('deletes a photo and its files', async () => {
    const id = await createRecipe(ctx.app, author.jar, {}, { bytes: jpeg });
    const old = photoUrls(expectOk(await call(ctx.app, 'GET', `/recipes/${id}/view-recipe`)));
    const path = `/recipes/${id}/delete-recipe-photo`;
    expectError(await call(ctx.app, 'PATCH', path), 401);
    expectError(
      await call(ctx.app, 'PATCH', path, { jar: stranger.jar }),
      403,
      'Only the author can change this recipe',
    );
    expectError(await call(ctx.app, 'PATCH', `/recipes/${UNKNOWN_ID}/delete-recipe-photo`, { jar: author.jar }), 404);
    expectError(
      await call(ctx.app, 'PATCH', `/recipes/${MALFORMED_ID}/delete-recipe-photo`, { jar: author.jar }),
      400,
      'Invalid id',
    );
    const files = uploadedFiles(ctx.config.uploadsDir);
    for (const name of fileNames(old)) expect(files).toContain(name);

    const recipe = expectOk(await call(ctx.app, 'PATCH', path, { jar: author.jar }));
    expect(recipe).toMatchObject({ _id: id, recipePhoto: null, recipePhotoVariants: [] });
    const remaining = uploadedFiles(ctx.config.uploadsDir);
    for (const name of fileNames(old)) expect(remaining).not.toContain(name);
    // Deleting again is harmless.
    expectOk(await call(ctx.app, 'PATCH', path, { jar: author.jar }));
  });

  it('removes the photo files with the recipe', async () => {
    const id = await createRecipe(ctx.app, author.jar, {}, { bytes: jpeg });
    const old = photoUrls(expectOk(await call(ctx.app, 'GET', `/recipes/${id}/view-recipe`)));
    expectOk(await call(ctx.app, 'DELETE', `/recipes/${id}/delete-recipe`, { jar: author.jar }));
    const files = uploadedFiles(ctx.config.uploadsDir);
    for (const name of fileNames(old)) expect(files).not.toContain(name);
  });

  it('keeps serving a photo stored before the 800 w variant existed, and removes all its files', async () => {
    // A photo of the first generation: a bare key, files at 320, 640 and 1280 only.
    const key = randomBytes(16).toString('hex');
    const legacy = [320, 640, 1280].map((width) => `recipe-${key}-${width}.webp`);
    const bytes = await sharp(jpeg).webp().toBuffer();
    for (const name of legacy) writeFileSync(path.join(ctx.config.uploadsDir, name), bytes);
    const id = await createRecipe(ctx.app, author.jar);
    await ctx.database.pool.query('UPDATE recipes SET photo_key = $1 WHERE id = $2', [key, id]);

    const recipe = expectOk(await call(ctx.app, 'GET', `/recipes/${id}/view-recipe`));
    expect(recipe.recipePhotoVariants.map((variant: { width: number }) => variant.width)).toEqual([320, 640, 1280]);
    expect(fileNames(photoUrls(recipe))).toEqual([...legacy].sort());
    expect(recipe.recipePhoto).toBe(recipe.recipePhotoVariants[2].url);
    for (const url of photoUrls(recipe)) expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(200);

    const replaced = expectOk(
      await upload(ctx.app, author.jar, `/recipes/${id}/update-recipe-photo`, { field: 'recipePhoto', bytes: jpeg }),
    );
    expect(replaced.recipePhotoVariants.map((variant: { width: number }) => variant.width)).toEqual([
      320, 640, 720, 800, 1080, 1280,
    ]);
    const files = uploadedFiles(ctx.config.uploadsDir);
    for (const name of legacy) expect(files).not.toContain(name);
  });

  it('keeps serving a photo of the second generation (320, 640, 800 and 1280) with exactly its files', async () => {
    const key = `${randomBytes(16).toString('hex')}-v2`;
    const stored = [320, 640, 800, 1280].map((width) => `recipe-${key}-${width}.webp`);
    const bytes = await sharp(jpeg).webp().toBuffer();
    for (const name of stored) writeFileSync(path.join(ctx.config.uploadsDir, name), bytes);
    const id = await createRecipe(ctx.app, author.jar);
    await ctx.database.pool.query('UPDATE recipes SET photo_key = $1 WHERE id = $2', [key, id]);

    const recipe = expectOk(await call(ctx.app, 'GET', `/recipes/${id}/view-recipe`));
    expect(fileNames(photoUrls(recipe))).toEqual([...stored].sort());
    for (const url of photoUrls(recipe)) expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    expectOk(await call(ctx.app, 'PATCH', `/recipes/${id}/delete-recipe-photo`, { jar: author.jar }));
    const files = uploadedFiles(ctx.config.uploadsDir);
    for (const name of stored) expect(files).not.toContain(name);
  });

  it('serves nothing from outside the uploads folder', async () => {
    const secret = readFileSync(path.join(ctx.config.dataDir, 'secrets', 'access-token-secret.txt'), 'utf8').trim();
    for (const url of [
      '/uploads/../secrets/access-token-secret.txt',
      '/uploads/..%2fsecrets%2faccess-token-secret.txt',
      '/uploads/%2e%2e/secrets/access-token-secret.txt',
      '/uploads/..%5csecrets%5caccess-token-secret.txt',
    ]) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.body, url).not.toContain(secret);
    }
  });
});
