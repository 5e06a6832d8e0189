// Every lazy page's HTML preloads the page's own chunks, as the web build lists them (docs/decisions/012); a missing
// or broken list changes nothing but the preloads.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/app.js';
import { UNKNOWN_ID } from '../test/fixtures.js';
import { routeChunksFor } from './route-chunks.js';
import { withModulePreloads } from './spa-pages.js';

const webDist = mkdtempSync(path.join(tmpdir(), 'forkful-dist-'));
const listFile = path.join(webDist, '.vite', 'route-chunks.json');
const index = [
  '<!doctype html><html lang="en"><head><title>Forkful</title>',
  '<script type="module" crossorigin src="/assets/index-a1.js"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/session-b2.js">',
  '<style>body{}</style></head><body><div id="root"></div></body></html>',
].join('');
const chunks = {
  '/login': ['/assets/login-route-c3.js', '/assets/form-field-d4.js'],
  '/view-recipe/:recipeId': ['/assets/view-recipe-route-e5.js'],
  '/users/profile/:userId': ['/assets/profile-route-f6.js'],
};

let ctx: TestContext;

beforeAll(async () => {
  writeFileSync(path.join(webDist, 'index.html'), index);
  mkdirSync(path.join(webDist, '.vite'));
  writeFileSync(listFile, JSON.stringify(chunks));
  ctx = await createTestApp({ WEB_DIST_DIR: webDist });
});
afterAll(async () => {
  await ctx.close();
  rmSync(webDist, { recursive: true, force: true });
});

const page = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
const modulePreloads = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]);

describe('route chunks in the HTML', () => {
  it("preloads a lazy page's chunks after the start-up bundle's", async () => {
    const response = await page('/login');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(modulePreloads(response.body)).toEqual([
      '/assets/session-b2.js',
      '/assets/login-route-c3.js',
      '/assets/form-field-d4.js',
    ]);
    expect(response.body.replace(/<link rel="modulepreload"[^>]*>/g, '')).toBe(
      index.replace(/<link rel="modulepreload"[^>]*>/g, ''),
    );
  });

  it('matches parameters, any letter case and a trailing slash, as the router does', async () => {
    expect(modulePreloads((await page(`/view-recipe/${UNKNOWN_ID}`)).body)).toContain(
      '/assets/view-recipe-route-e5.js',
    );
    expect(modulePreloads((await page('/Users/Profile/someone/?tab=saved')).body)).toContain(
      '/assets/profile-route-f6.js',
    );
    expect(modulePreloads((await page('/LOGIN/')).body)).toContain('/assets/login-route-c3.js');
  });

  it('leaves the landing page and unknown routes plain', async () => {
    for (const url of ['/', '/home', '/no/such/page', '/login/extra']) {
      expect((await page(url)).body).toBe(index);
    }
  });
});

describe('the list itself', () => {
  it('is read again when the build replaces it, and ignores what is not a list of asset scripts', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'forkful-dist-'));
    try {
      const find = routeChunksFor(dir);
      expect(await find('/login')).toEqual([]);
      mkdirSync(path.join(dir, '.vite'));
      const file = path.join(dir, '.vite', 'route-chunks.json');
      writeFileSync(file, JSON.stringify({ '/login': ['/assets/a.js'], '/about': ['"><script>x</script>'] }));
      expect(await find('/login')).toEqual(['/assets/a.js']);
      expect(await find('/about')).toEqual([]);
      writeFileSync(file, JSON.stringify({ '/login': ['/assets/b.js'] }));
      const later = new Date(Date.now() + 5000);
      utimesSync(file, later, later);
      expect(await find('/login')).toEqual(['/assets/b.js']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a broken list sends the plain page, never an error', async () => {
    writeFileSync(listFile, '{ not json');
    const later = new Date(Date.now() + 10_000);
    utimesSync(listFile, later, later);
    const response = await page('/login');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(index);
  });

  it('goes before </head> when the page has no modulepreload of its own', () => {
    expect(withModulePreloads('<head><title>x</title></head>', ['/assets/a.js'])).toBe(
      '<head><title>x</title><link rel="modulepreload" crossorigin href="/assets/a.js"></head>',
    );
    expect(withModulePreloads(index, [])).toBe(index);
  });

  it('joins the start-up scripts inside the template the page starts them from (docs/decisions/030)', () => {
    const head =
      '<head><template id="app-scripts"><script type="module" crossorigin src="/assets/index.js"></script>' +
      '<link rel="modulepreload" crossorigin href="/assets/framework.js"></template></head>';
    expect(withModulePreloads(head, ['/assets/page.js'])).toBe(
      '<head><template id="app-scripts"><script type="module" crossorigin src="/assets/index.js"></script>' +
        '<link rel="modulepreload" crossorigin href="/assets/framework.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/page.js"></template></head>',
    );
  });
});
