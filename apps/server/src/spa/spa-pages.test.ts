// The HTML of /recipes and /view-recipe/{id} carries the page's first API answer and a preload of its largest photo
// (docs/decisions/011); anything else, or any failure, is the plain index.html.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  CARD_SIZES,
  PAGE_DATA_ELEMENT_ID,
  RECIPE_PHOTO_SIZES,
  srcSetOf,
  type PageData,
  type RecipeList,
} from '@forkful/contracts';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type CookieJar, type TestContext } from '../test/app.js';
import { API, call, createRecipe, makeImage, MALFORMED_ID, UNKNOWN_ID } from '../test/fixtures.js';

const HOSTILE = '</script><script>alert(1)</script><!--\u2028\u2029&amp;';
const START_UP = "document.documentElement.classList.add('landing')";
const webDist = mkdtempSync(path.join(tmpdir(), 'forkful-dist-'));
const index = [
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Forkful</title>',
  `<script>${START_UP}</script><script type="module" crossorigin src="/assets/index.js"></script>`,
  '</head><body><div id="root"></div></body></html>',
].join('');

let ctx: TestContext;
let author: { id: string; jar: CookieJar };
let firstPhotoId: string;
let secondPagePhotoId: string;
let hostileId: string;
let draftId: string;

beforeAll(async () => {
  writeFileSync(path.join(webDist, 'index.html'), index);
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'assets', 'index.js'), 'export {};\n');
  ctx = await createTestApp({ WEB_DIST_DIR: webDist });
  author = await registerUser(ctx.app, 'Ada Author');
  const photo = { bytes: await makeImage('jpeg') };
  // Newest first: 14 published recipes put the second one created first on screen page 2 (the 13th newest).
  for (let n = 1; n <= 14; n++) {
    const id = await createRecipe(ctx.app, author.jar, { title: `Soup ${n}` }, n === 2 || n === 14 ? photo : undefined);
    if (n === 2) secondPagePhotoId = id;
    if (n === 13) hostileId = id;
    if (n === 14) firstPhotoId = id;
  }
  draftId = await createRecipe(ctx.app, author.jar, { title: 'Secret Stew', isPublished: 'false' });
  // The API refuses such a title, so it is written straight into the database, as if it had got in some other way.
  await sql('UPDATE recipes SET title = $1, introduction = $1 WHERE id = $2', [HOSTILE, hostileId]);
});
afterAll(async () => {
  await ctx.close();
  rmSync(webDist, { recursive: true, force: true });
});

async function sql(text: string, values: unknown[] = []): Promise<void> {
  const client = new pg.Client({ connectionString: ctx.databaseUrl });
  await client.connect();
  try {
    await client.query(text, values);
  } finally {
    await client.end();
  }
}

const page = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

const DATA_OPEN = `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">`;

/** The text of the data element, as an HTML parser sees it: everything up to the first `</script`. */
function dataText(html: string): string | undefined {
  const start = html.indexOf(DATA_OPEN);
  if (start === -1) return undefined;
  const text = html.slice(start + DATA_OPEN.length);
  return text.slice(0, text.search(/<\/script/i));
}

function pageData(response: LightMyRequestResponse): PageData {
  const text = dataText(response.body);
  if (text === undefined) throw new Error(`no page data in ${response.body.slice(0, 200)}`);
  return JSON.parse(text) as PageData;
}

function preloads(html: string): string[] {
  return html.match(/<link rel="preload"[^>]*>/g) ?? [];
}

function expectPlain(response: LightMyRequestResponse): void {
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/html/);
  expect(response.headers['cache-control']).toBe('no-cache');
  expect(response.body).toBe(readFileSync(path.join(webDist, 'index.html'), 'utf8'));
}

/** The plain page, kept out of search results: a recipe address that is not a published recipe (decision 023). */
function expectNotIndexed(response: LightMyRequestResponse): void {
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/html/);
  expect(response.headers['cache-control']).toBe('no-cache');
  expect(response.headers['x-robots-tag']).toBe('noindex');
  const plain = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  expect(response.body).toBe(plain.replace('</head>', '<meta name="robots" content="noindex"></head>'));
}

describe('the All Recipes page', () => {
  it('carries the first request and its answer, exactly as the API sends it', async () => {
    const response = await page('/recipes');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.vary ?? '').not.toMatch(/cookie/i);

    const data = pageData(response);
    expect(data.url).toBe(`${API}/recipes/all?page=1&limit=24`);
    const api = await ctx.app.inject({ method: 'GET', url: data.url });
    expect(JSON.stringify(data.body)).toBe(api.body);
    expect((data.body as { data: RecipeList }).data.recipes).toHaveLength(14);
  });

  it('preloads the first card photo with the srcset and sizes of the grid', async () => {
    const response = await page('/recipes');
    const first = (pageData(response).body as { data: RecipeList }).data.recipes[0]!;
    expect(first._id).toBe(firstPhotoId);
    const [preload, ...others] = preloads(response.body);
    expect(others).toEqual([]);
    expect(preload).toBe(
      `<link rel="preload" as="image" imagesrcset="${srcSetOf(first.recipePhotoVariants)}" ` +
        `imagesizes="${CARD_SIZES}" fetchpriority="high">`,
    );
    // In the head, before the scripts, where the preload scanner meets it first.
    expect(response.body.indexOf(preload!)).toBeLessThan(response.body.indexOf('<script'));
  });

  it('answers page N with the chunk the client asks for and preloads that page’s first photo', async () => {
    const response = await page('/recipes?page=2');
    const data = pageData(response);
    expect(data.url).toBe(`${API}/recipes/all?page=1&limit=24`);
    const recipes = (data.body as { data: RecipeList }).data.recipes;
    expect(recipes[12]!._id).toBe(secondPagePhotoId);
    expect(preloads(response.body)[0]).toContain(srcSetOf(recipes[12]!.recipePhotoVariants)!);

    const third = pageData(await page('/recipes?page=3'));
    expect(third.url).toBe(`${API}/recipes/all?page=2&limit=24`);
    expect((third.body as { data: RecipeList }).data.recipes).toEqual([]);
    // Anything that is not a page number is page 1, as the client reads it.
    expect(pageData(await page('/recipes?page=abc')).url).toBe(`${API}/recipes/all?page=1&limit=24`);
  });

  it('leaves a page the API would refuse to the browser', async () => {
    expectPlain(await page('/recipes?page=5000000'));
  });

  it('is compressed for clients that ask, the same page either way', async () => {
    const plain = await page('/recipes');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await page('/recipes', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    const gzip = await page('/recipes', { 'accept-encoding': 'br;q=0, gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body);
  });
});

describe('the view-recipe page', () => {
  it('carries a published recipe as an anonymous visitor gets it, and preloads its photo', async () => {
    const response = await page(`/view-recipe/${firstPhotoId}`);
    const data = pageData(response);
    expect(data.url).toBe(`${API}/recipes/${firstPhotoId}/view-recipe`);
    const api = await ctx.app.inject({ method: 'GET', url: data.url });
    expect(JSON.stringify(data.body)).toBe(api.body);
    const recipe = (data.body as { data: { recipePhotoVariants: Array<{ width: number; url: string }> } }).data;
    expect(preloads(response.body)).toEqual([
      `<link rel="preload" as="image" imagesrcset="${srcSetOf(recipe.recipePhotoVariants)}" ` +
        `imagesizes="${RECIPE_PHOTO_SIZES}" fetchpriority="high">`,
    ]);
  });

  it('is the same for the author, whose session does not change a published recipe', async () => {
    const anonymous = await page(`/view-recipe/${firstPhotoId}`);
    const asAuthor = await page(`/view-recipe/${firstPhotoId}`, { cookie: author.jar.header() });
    expect(asAuthor.body).toBe(anonymous.body);
  });

  it('keys the answer by the address as typed, which the client requests unchanged', async () => {
    const upper = firstPhotoId.toUpperCase();
    const data = pageData(await page(`/view-recipe/${upper}`));
    expect(data.url).toBe(`${API}/recipes/${upper}/view-recipe`);
    expect(JSON.stringify(data.body)).toBe((await ctx.app.inject({ method: 'GET', url: data.url })).body);
  });

  it('adds no preload for a recipe without a photo', async () => {
    const draftFree = await createRecipe(ctx.app, author.jar, { title: 'Plain Rice' });
    const response = await page(`/view-recipe/${draftFree}`);
    expect(pageData(response).url).toBe(`${API}/recipes/${draftFree}/view-recipe`);
    expect(preloads(response.body)).toEqual([]);
  });

  it('leaves a draft to the browser, for its author and for anyone else', async () => {
    expectNotIndexed(await page(`/view-recipe/${draftId}`));
    expectNotIndexed(await page(`/view-recipe/${draftId}`, { cookie: author.jar.header() }));
    // The author's own request still finds the draft.
    expect((await call(ctx.app, 'GET', `/recipes/${draftId}/view-recipe`, { jar: author.jar })).statusCode).toBe(200);
  });

  it('sends the plain page for an unknown or malformed id', async () => {
    expectNotIndexed(await page(`/view-recipe/${UNKNOWN_ID}`));
    expectNotIndexed(await page(`/view-recipe/${MALFORMED_ID}`));
    expectNotIndexed(await page('/view-recipe/%3Cscript%3E'));
  });
});

describe('hostile text in the data', () => {
  it('cannot end the data element or start a script', async () => {
    const response = await page(`/view-recipe/${hostileId}`);
    const text = dataText(response.body)!;
    // An HTML parser leaves script data only at '</script': with no '<' in it, the element cannot end early.
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(response.body).not.toContain('<script>alert(1)');
    // index.html's two, the page data and the JSON-LD (decision 023).
    expect(response.body.match(/<\/script>/g)).toHaveLength(4);
    const recipe = (JSON.parse(text) as PageData).body as { data: { title: string; introduction: string } };
    expect(recipe.data.title).toBe(HOSTILE);
    expect(recipe.data.introduction).toBe(HOSTILE);
  });

  it('is escaped on the list page too', async () => {
    const response = await page('/recipes');
    expect(dataText(response.body)).not.toMatch(/[<>&\u2028\u2029]/);
    const titles = (pageData(response).body as { data: RecipeList }).data.recipes.map((recipe) => recipe.title);
    expect(titles).toContain(HOSTILE);
  });
});

describe('everything else', () => {
  it('sends the plain page for other routes and for HEAD', async () => {
    expectPlain(await page('/login'));
    expectPlain(await page('/recipes/extra'));
    const head = await ctx.app.inject({ method: 'HEAD', url: '/recipes' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });

  it("lets the browser run index.html's start-up script, by its hash, and no other inline script", async () => {
    const hash = createHash('sha256').update(START_UP).digest('base64');
    for (const url of ['/', '/recipes', '/login']) {
      const csp = String((await page(url)).headers['content-security-policy']);
      expect(csp, url).toContain(`script-src 'self' 'sha256-${hash}';`);
    }
  });

  it('keeps the cache headers of the build: hashed assets for a year, index.html always revalidated', async () => {
    const asset = await ctx.app.inject({ method: 'GET', url: '/assets/index.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await ctx.app.inject({ method: 'GET', url: '/index.html' })).headers['cache-control']).toBe('no-cache');
    expect((await page('/')).headers['cache-control']).toBe('no-cache');
  });

  it('sends the plain page when the database fails', async () => {
    await sql('ALTER TABLE recipes RENAME TO recipes_away');
    try {
      expectPlain(await page('/recipes'));
      expectPlain(await page(`/view-recipe/${firstPhotoId}`));
    } finally {
      await sql('ALTER TABLE recipes_away RENAME TO recipes');
    }
    expect(pageData(await page('/recipes')).url).toBe(`${API}/recipes/all?page=1&limit=24`);
  });
});

describe('start-up', () => {
  it('draws /recipes once before the server reports ready, and the first visitor gets that drawing', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'forkful-warm-'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><title>Forkful</title></head><body>' +
        '<div id="root"><!--shell--><div id="landing-shell"></div><!--/shell--></div></body></html>',
    );
    mkdirSync(path.join(dist, '.ssr'));
    writeFileSync(
      path.join(dist, '.ssr', 'prerender.js'),
      'globalThis.drawn = [];\n' +
        'export default {\n' +
        '  async renderPage(href, data) {\n' +
        '    globalThis.drawn.push(href);\n' +
        "    return '<h1>' + data.body.data.totalRecipeCount + ' recipes</h1>';\n" +
        '  },\n' +
        '};\n',
    );
    const warm = await createTestApp({ WEB_DIST_DIR: dist });
    try {
      const state = globalThis as unknown as { drawn: string[] };
      expect(state.drawn).toEqual(['/recipes']);
      const response = await warm.app.inject({ method: 'GET', url: '/recipes' });
      expect(response.body).toContain('<div id="page-shell"><h1>0 recipes</h1></div>');
      expect(state.drawn).toEqual(['/recipes']);
    } finally {
      await warm.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
