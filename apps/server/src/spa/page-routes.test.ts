// The web app's pages are routes of their own (docs/decisions/014): the rate limit counts them, and so does the
// not-found handler, and @fastify/compress compresses them. What they carry is tested in spa-pages.test.ts.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type TestContext } from '../test/app.js';
import { API, createRecipe } from '../test/fixtures.js';

const webDist = mkdtempSync(path.join(tmpdir(), 'forkful-dist-'));
const chunks = { '/login': ['/assets/login-route.js'], '/view-recipe/:recipeId': ['/assets/view-recipe-route.js'] };
const apps: TestContext[] = [];

beforeAll(() => {
  writeFileSync(
    path.join(webDist, 'index.html'),
    // As large as a drawn page (about 80 KB): over @fastify/compress's threshold, and over the size it streams by
    // default.
    `<!doctype html><html lang="en"><head><title>Forkful</title><style>${'p{margin:0}'.repeat(7000)}</style></head>` +
      '<body><div id="root"></div></body></html>',
  );
  mkdirSync(path.join(webDist, '.vite'));
  writeFileSync(path.join(webDist, '.vite', 'route-chunks.json'), JSON.stringify(chunks));
});
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  rmSync(webDist, { recursive: true, force: true });
});

async function appWith(env: Record<string, string>): Promise<TestContext> {
  const ctx = await createTestApp({ WEB_DIST_DIR: webDist, ...env });
  apps.push(ctx);
  return ctx;
}

async function statuses(ctx: TestContext, times: number, method: 'GET' | 'HEAD' | 'POST', url: string) {
  const answers: number[] = [];
  for (let n = 0; n < times; n++) answers.push((await ctx.app.inject({ method, url })).statusCode);
  return answers;
}

describe('the rate limit', () => {
  it('counts the pages: with RATE_LIMIT_MAX=3, the fourth look at a recipe is refused, not read again', async () => {
    const ctx = await appWith({ RATE_LIMIT_MAX: '3' });
    const { jar } = await registerUser(ctx.app);
    const id = await createRecipe(ctx.app, jar, { title: 'Counted Soup' });

    const tenLooks = await statuses(ctx, 10, 'GET', `/view-recipe/${id}`);
    expect(tenLooks).toEqual([200, 200, 200, 429, 429, 429, 429, 429, 429, 429]);
    const refused = await ctx.app.inject({ method: 'GET', url: `/view-recipe/${id}` });
    expect(refused.json()).toMatchObject({ success: false, statusCode: 429 });
    expect(refused.headers['x-ratelimit-limit']).toBe('3');
    expect(refused.headers['retry-after']).toBeDefined();

    // One budget for every page, HEAD and what no route answers (here a page in capitals, an unknown address); the
    // API keeps its own.
    for (const url of ['/', '/recipes', '/login', '/no/such/page', '/RECIPES']) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode, url).toBe(429);
    }
    expect((await ctx.app.inject({ method: 'HEAD', url: '/recipes' })).statusCode).toBe(429);
    expect((await ctx.app.inject({ method: 'GET', url: `${API}/recipes/${id}/view-recipe` })).statusCode).toBe(200);
  });

  it('counts what no route answers, on a server with the web and on one without', async () => {
    const withWeb = await appWith({ RATE_LIMIT_MAX: '3' });
    expect(await statuses(withWeb, 5, 'POST', '/recipes')).toEqual([404, 404, 404, 429, 429]);
    const apiOnly = await appWith({ RATE_LIMIT_MAX: '3', WEB_DIST_DIR: path.join(webDist, 'nowhere') });
    expect(await statuses(apiOnly, 5, 'GET', '/recipes')).toEqual([404, 404, 404, 429, 429]);
  });
});

describe('the pages as routes', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await appWith({});
  });

  it('are compressed by @fastify/compress, at once, and a client can turn it off with x-no-compression', async () => {
    for (const url of ['/login', '/view-recipe/x']) {
      const plain = await ctx.app.inject({ method: 'GET', url });
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(plain.headers.vary, url).toMatch(/^accept-encoding$/i);
      expect(plain.body, url).toContain('<link rel="modulepreload"');
      const br = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(br.headers.vary, url).toMatch(/^accept-encoding$/i);
      // Compressed at once, not streamed: the size is known.
      expect(br.headers['content-length'], url).toBe(String(br.rawPayload.length));
      expect(brotliDecompressSync(br.rawPayload).toString('utf8'), url).toBe(plain.body);
      const off = await ctx.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'br', 'x-no-compression': '1' },
      });
      expect(off.headers['content-encoding'], url).toBeUndefined();
      expect(off.body, url).toBe(plain.body);
    }
  });

  it('send the landing page and unknown client addresses as the file the build wrote', async () => {
    const index = readFileSync(path.join(webDist, 'index.html'), 'utf8');
    for (const url of ['/', '/home', '/no/such/page']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(index);
    }
  });

  it('leave unknown API and upload addresses to the not-found handler, and other methods too', async () => {
    for (const [method, url] of [
      ['GET', `${API}/no-such-thing`],
      ['GET', '/api'],
      ['GET', '/uploads/no-such-file.webp'],
      ['DELETE', '/recipes'],
    ] as const) {
      const response = await ctx.app.inject({ method, url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ success: false, statusCode: 404, message: 'Route not found' });
    }
  });
});
