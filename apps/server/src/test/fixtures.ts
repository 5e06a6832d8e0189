import { readdirSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { expect } from 'vitest';
import { multipart, registerUser, type CookieJar, type TestContext } from './app.js';

export const API = '/api/v1';

/** An id that is well formed but belongs to nothing. */
export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
export const MALFORMED_ID = 'not-an-id';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** One call to the API, as a user (their cookie jar) or anonymously; the cookies it sets land in the jar. */
export async function call(
  app: FastifyInstance,
  method: Method,
  path: string,
  options: { jar?: CookieJar; payload?: unknown; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.jar) headers.cookie = options.jar.header();
  const response = await app.inject({
    method,
    url: `${API}${path}`,
    headers,
    ...(options.payload === undefined ? {} : { payload: options.payload as string | object | Buffer }),
  });
  options.jar?.store(response);
  return response;
}

/** The failure envelope, exactly: `{ success: false, statusCode, message }` and nothing more. */
export function expectError(response: LightMyRequestResponse, statusCode: number, message?: string): void {
  expect(response.statusCode, response.body).toBe(statusCode);
  const body = response.json();
  expect(Object.keys(body).sort()).toEqual(['message', 'statusCode', 'success']);
  expect(body.success).toBe(false);
  expect(body.statusCode).toBe(statusCode);
  expect(typeof body.message).toBe('string');
  if (message !== undefined) expect(body.message).toBe(message);
}

/**
 * The success envelope, exactly: `{ success: true, statusCode, message, data }`; returns `data` (untyped: each
 * call has its own shape, asserted by the test that reads it).
 */
export function expectOk(response: LightMyRequestResponse, statusCode = 200) {
  expect(response.statusCode, response.body).toBe(statusCode);
  const body = response.json();
  expect(Object.keys(body).sort()).toEqual(['data', 'message', 'statusCode', 'success']);
  expect(body.success).toBe(true);
  expect(body.statusCode).toBe(statusCode);
  expect(typeof body.message).toBe('string');
  return body.data;
}

export interface RecipeFields {
  title?: string;
  introduction?: string;
  cookingTime?: string;
  ingredients?: string[];
  steps?: string[];
  isPublished?: string;
  [extra: string]: string | string[] | undefined;
}

export const defaultRecipe = {
  title: 'Tomato Soup',
  introduction: 'A warming bowl for cold evenings.',
  cookingTime: '25',
  ingredients: ['4 tomatoes', '1 onion'],
  steps: ['Chop everything', 'Simmer for 20 minutes'],
  isPublished: 'true',
};

function definedFields(fields: RecipeFields): Record<string, string | string[]> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Record<
    string,
    string | string[]
  >;
}

/** POST /recipes/create-recipe as multipart; returns the raw response. */
export function postRecipe(
  app: FastifyInstance,
  jar: CookieJar | undefined,
  fields: RecipeFields,
  photo?: { bytes: Buffer; filename?: string; contentType?: string },
): Promise<LightMyRequestResponse> {
  const form = multipart(
    definedFields(fields),
    photo && {
      field: 'recipePhoto',
      filename: photo.filename ?? 'photo.jpg',
      contentType: photo.contentType ?? 'image/jpeg',
      bytes: photo.bytes,
    },
  );
  return app.inject({
    method: 'POST',
    url: `${API}/recipes/create-recipe`,
    payload: form.payload,
    headers: { ...form.headers, ...(jar ? { cookie: jar.header() } : {}) },
  });
}

/** Creates a recipe (published unless told otherwise) and returns its id. */
export async function createRecipe(
  app: FastifyInstance,
  jar: CookieJar,
  fields: RecipeFields = {},
  photo?: { bytes: Buffer; filename?: string; contentType?: string },
): Promise<string> {
  const response = await postRecipe(app, jar, { ...defaultRecipe, ...fields }, photo);
  return expectOk(response, 201)._id as string;
}

/**
 * A published recipe with a photo, by a new cook, and the file names of its stored photo variants: what an
 * orphaned-image sweep must keep.
 */
export async function recipeWithPhotoFiles(
  app: FastifyInstance,
  cookName: string,
): Promise<{ recipeId: string; files: string[] }> {
  const cook = await registerUser(app, cookName);
  const recipeId = await createRecipe(
    app,
    cook.jar,
    {},
    { bytes: await makeImage('jpeg', { width: 400, height: 300 }) },
  );
  const recipe = expectOk(await call(app, 'GET', `/recipes/${recipeId}/view-recipe`));
  const files = (recipe.recipePhotoVariants as { url: string }[]).map((variant) => variant.url.split('/').pop()!);
  return { recipeId, files };
}

/** A multipart upload of one file (and no other field) to a PATCH route. */
export function upload(
  app: FastifyInstance,
  jar: CookieJar | undefined,
  path: string,
  file: { field: string; bytes: Buffer; filename?: string; contentType?: string } | undefined,
): Promise<LightMyRequestResponse> {
  const form = multipart(
    {},
    file && {
      field: file.field,
      filename: file.filename ?? 'image.jpg',
      contentType: file.contentType ?? 'image/jpeg',
      bytes: file.bytes,
    },
  );
  return app.inject({
    method: 'PATCH',
    url: `${API}${path}`,
    payload: form.payload,
    headers: { ...form.headers, ...(jar ? { cookie: jar.header() } : {}) },
  });
}

/**
 * A real image made by sharp. JPEGs carry EXIF with a name and GPS position (and optionally an orientation), so
 * tests can prove the server strips them.
 */
export async function makeImage(
  format: 'jpeg' | 'png' | 'webp',
  options: { width?: number; height?: number; orientation?: number } = {},
): Promise<Buffer> {
  const image = sharp({
    create: {
      width: options.width ?? 64,
      height: options.height ?? 48,
      channels: 3,
      background: { r: 200, g: 80, b: 40 },
    },
  });
  if (format === 'png') return image.png().toBuffer();
  if (format === 'webp') return image.webp().toBuffer();
  const exif = image.jpeg().withExif({
    IFD0: { Artist: 'Secret Person', Copyright: 'Forkful test' },
    IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
  });
  return (options.orientation ? exif.withMetadata({ orientation: options.orientation }) : exif).toBuffer();
}

/** The files in the uploads folder (empty when it does not exist yet). */
export function uploadedFiles(uploadsDir: string): string[] {
  try {
    return readdirSync(uploadsDir).sort();
  } catch {
    return [];
  }
}

/** The file names behind a list of `/uploads/…` URLs. */
export function fileNames(urls: string[]): string[] {
  return urls.map((url) => url.replace(/^\/uploads\//, '')).sort();
}

/**
 * Runs `statement` in a transaction of its own and keeps it open until some other connection of this test's
 * database is waiting for one of its locks (a request racing the statement), then commits. No timing guesses: it
 * watches pg_stat_activity.
 */
export async function commitOnceBlocking(
  ctx: TestContext,
  statement: { text: string; values: unknown[] },
  racer: () => Promise<unknown>,
): Promise<void> {
  const client = await ctx.database.pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(statement.text, statement.values);
    const racing = racer();
    for (let attempt = 0; ; attempt++) {
      const waiting = await client.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity
         WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`,
      );
      if (waiting.rows[0].n > 0) break;
      if (attempt > 400) throw new Error('the racing request never waited for the lock');
      await sleep(10);
    }
    await client.query('COMMIT');
    await racing;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
