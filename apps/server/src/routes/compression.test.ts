// API answers are compressed for clients that ask; the SPA's pre-compressed files are sent as built, not twice.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type TestContext } from '../test/app.js';
import { createRecipe } from '../test/fixtures.js';

let ctx: TestContext;
const webDist = mkdtempSync(path.join(tmpdir(), 'forkful-dist-'));
const script = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;

beforeAll(async () => {
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Forkful</title>');
  writeFileSync(path.join(webDist, 'app.js'), script);
  writeFileSync(path.join(webDist, 'app.js.br'), brotliCompressSync(script));
  ctx = await createTestApp({ WEB_DIST_DIR: webDist });
  const author = await registerUser(ctx.app, 'Ada Author');
  for (let n = 1; n <= 6; n++) await createRecipe(ctx.app, author.jar, { title: `Soup Number ${n}` });
});
afterAll(async () => {
  await ctx.close();
  rmSync(webDist, { recursive: true, force: true });
});

const list = (headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url: '/api/v1/recipes/all?limit=24', headers });

describe('compression', () => {
  it('sends a large JSON answer brotli- or gzip-compressed when asked, the same JSON either way', async () => {
    const plain = await list();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const expected: unknown = plain.json();

    const br = await list({ 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(expected);

    const gzip = await list({ 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(expected);
  });

  it('leaves a small answer, such as an error envelope, as it is', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/recipes/not-an-id/view-recipe',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toMatchObject({ success: false, statusCode: 400 });
  });

  it('serves a pre-compressed SPA file as built, compressed once', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/app.js', headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString('utf8')).toBe(script);
  });
});
