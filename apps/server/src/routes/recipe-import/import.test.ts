import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, LookupFunction, Socket } from 'node:net';
import { gzipSync } from 'node:zlib';
import { importMessages, importResponseSchema } from '@forkful/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { RecipeImporter } from '../../services/import/importer.js';
import { extractRecipe } from '../../services/import/extract.js';
import { createTestApp, registerUser, type CookieJar, type TestContext } from '../../test/app.js';
import { call, expectError, expectOk, makeImage } from '../../test/fixtures.js';
import {
  compareStrict,
  corpusCases,
  corpusPresent,
  readExpected,
  readPage,
  type CorpusCase,
} from '../../test/import-corpus.js';
import { stateFingerprint } from '../../test/state.js';

/*
 * POST /recipes/import and /recipes/import/photo against pages served by a local HTTP server on 127.0.0.1. The
 * server's names (corpus.test, …) are allowed on loopback through IMPORT_TEST_HOSTS, the setting that is empty in
 * production; no test here connects to anything but loopback (the private and link-local names come from a
 * resolver stub and are refused before any connection).
 */

const TEST_HOST = 'corpus.test';
const FETCH_TIMEOUT_MS = 1500;

let ctx: TestContext;
let jar: CookieJar;
let site: Server;
let port: number;
let cases: CorpusCase[] = [];
let photo: Buffer;
const openSockets = new Set<Socket>();

/** A page with one JSON-LD block, written as emitters do: '</' escaped so a value cannot end the script element. */
const recipePage = (jsonLd: unknown) =>
  `<!doctype html><html lang="en"><head><title>t</title><script type="application/ld+json">${JSON.stringify(jsonLd).replace(/<\//g, '<\\/')}</script></head><body><p>Hello</p></body></html>`;

const simpleRecipe = {
  '@context': 'https://schema.org',
  '@type': 'Recipe',
  name: 'Tomato Soup',
  description: 'A warming bowl.',
  recipeIngredient: ['4 tomatoes', '1 onion'],
  recipeInstructions: [{ '@type': 'HowToStep', text: 'Chop.' }, 'Simmer.'],
  totalTime: 'PT25M',
  recipeYield: '4 servings',
};

function html(response: ServerResponse, body: string, headers: Record<string, string> = {}) {
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...headers });
  response.end(body);
}

function handle(url: string, response: ServerResponse) {
  const corpus = /^\/corpus\/(\d+)(\.gz)?$/.exec(url);
  if (corpus) {
    const page = readPage(cases[Number(corpus[1])]!);
    if (corpus[2]) return html(response, gzipSync(page) as unknown as string, { 'content-encoding': 'gzip' });
    return html(response, page);
  }
  const chain = /^\/chain\/(\d+)$/.exec(url);
  if (chain) {
    const left = Number(chain[1]);
    if (left === 0) return html(response, recipePage(simpleRecipe));
    response.writeHead(302, { location: `/chain/${left - 1}` });
    return response.end();
  }
  switch (url) {
    case '/simple':
      return html(response, recipePage(simpleRecipe));
    case '/scripted':
      return html(response, recipePage({ ...simpleRecipe, name: 'Soup<script>alert(1)</script>' }));
    case '/no-recipe':
      return html(response, '<!doctype html><html><body><h1>Just a blog post</h1></body></html>');
    case '/to-loopback':
      response.writeHead(302, { location: `http://127.0.0.1:${port}/simple` });
      return response.end();
    case '/to-localhost':
      response.writeHead(301, { location: `http://localhost:${port}/simple` });
      return response.end();
    case '/to-file':
      response.writeHead(302, { location: 'file:///etc/passwd' });
      return response.end();
    case '/forbidden':
      response.writeHead(403, { 'content-type': 'text/html' });
      return response.end('<h1>Forbidden</h1>');
    case '/json':
      response.writeHead(200, { 'content-type': 'application/json' });
      return response.end(JSON.stringify(simpleRecipe));
    case '/huge': {
      // 6 MB, sent without a length: the cap applies to what arrives.
      response.writeHead(200, { 'content-type': 'text/html' });
      const chunk = '<p>'.padEnd(64 * 1024, 'x');
      for (let index = 0; index < 96; index += 1) response.write(chunk);
      return response.end();
    }
    case '/slow-loris': {
      response.writeHead(200, { 'content-type': 'text/html' });
      const timer = setInterval(() => response.write('<'), 100);
      response.on('close', () => clearInterval(timer));
      return;
    }
    case '/no-headers':
      // Accepts the connection and never answers.
      return;
    case '/photo.jpg':
      response.writeHead(200, { 'content-type': 'image/jpeg' });
      return response.end(photo);
    case '/not-an-image.jpg':
      response.writeHead(200, { 'content-type': 'image/jpeg' });
      return response.end('<html>not an image</html>');
    default:
      response.writeHead(404);
      return response.end();
  }
}

const pageUrl = (path: string) => `http://${TEST_HOST}:${port}${path}`;

beforeAll(async () => {
  if (corpusPresent) cases = corpusCases();
  photo = await makeImage('jpeg', { width: 120, height: 80 });
  site = createServer((request, response) => handle(request.url ?? '/', response));
  site.on('connection', (socket) => {
    openSockets.add(socket);
    socket.on('close', () => openSockets.delete(socket));
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  port = (site.address() as AddressInfo).port;
  ctx = await createTestApp({
    IMPORT_TEST_HOSTS: `${TEST_HOST}, other.test`,
    IMPORT_RATE_LIMIT_MAX: '1000',
    IMPORT_FETCH_TIMEOUT_MS: String(FETCH_TIMEOUT_MS),
  });
  jar = (await registerUser(ctx.app)).jar;
});
afterAll(async () => {
  for (const socket of openSockets) socket.destroy();
  await new Promise((resolve) => site.close(resolve));
  await ctx.close();
});

const importPage = (payload: object) => call(ctx.app, 'POST', '/recipes/import', { jar, payload });

describe.skipIf(!corpusPresent)('the import corpus through the API', () => {
  it('meets the strict rules on at least 30 of 31 cases, pasted and fetched from a local server', async () => {
    const misses: string[] = [];
    for (const [index, entry] of cases.entries()) {
      const page = readPage(entry);
      const expected = readExpected(entry);
      // Headings (HowToSection and HowToStep names) are not in the API's answer; the extractor names them.
      const headings = extractRecipe(page, null)?.headings ?? [];
      const pasted = importResponseSchema.parse(expectOk(await importPage({ html: page })));
      const pastedMisses = compareStrict(pasted.recipe, headings, expected);
      if (pastedMisses.length) misses.push(`${entry.site} (pasted): ${pastedMisses.join('; ')}`);
      // Every other page gzipped, so both plain and compressed bodies are read.
      const url = pageUrl(`/corpus/${index}${index % 2 ? '.gz' : ''}`);
      const fetched = importResponseSchema.parse(expectOk(await importPage({ url })));
      const fetchedMisses = compareStrict(fetched.recipe, headings, expected);
      if (fetchedMisses.length) misses.push(`${entry.site} (fetched): ${fetchedMisses.join('; ')}`);
      expect(fetched.recipe.sourceUrl).toBe(url);
      expect({ ...fetched.recipe, sourceUrl: null }).toEqual({
        ...pasted.recipe,
        sourceUrl: null,
        siteName: fetched.recipe.siteName,
      });
    }
    console.info(`import corpus misses (pasted and fetched): ${misses.length ? misses.join('\n') : 'none'}`);
    const missedCases = new Set(misses.map((miss) => miss.split(' (')[0]));
    expect(cases).toHaveLength(31);
    expect(cases.length - missedCases.size).toBeGreaterThanOrEqual(30);
  }, 120_000);
});

describe('POST /recipes/import', () => {
  it('answers a preview of a fetched page, and saves nothing', async () => {
    const before = await stateFingerprint(ctx.database.pool, ctx.config.uploadsDir);
    const data = importResponseSchema.parse(expectOk(await importPage({ url: pageUrl('/simple') })));
    expect(data.recipe).toMatchObject({
      title: 'Tomato Soup',
      introduction: 'A warming bowl.',
      ingredients: ['4 tomatoes', '1 onion'],
      steps: ['Chop.', 'Simmer.'],
      stepSections: [{ title: null, steps: ['Chop.', 'Simmer.'] }],
      totalTime: 25,
      cookingTime: 25,
      prepTime: null,
      servings: 4,
      yieldText: '4 servings',
      sourceUrl: pageUrl('/simple'),
      siteName: TEST_HOST,
    });
    expect(await stateFingerprint(ctx.database.pool, ctx.config.uploadsDir)).toBe(before);
  });

  it('follows up to 5 redirects, and refuses a sixth', async () => {
    expectOk(await importPage({ url: pageUrl('/chain/5') }));
    expectError(await importPage({ url: pageUrl('/chain/6') }), 422, importMessages.tooManyRedirects);
  });

  it('needs a login', async () => {
    expectError(await call(ctx.app, 'POST', '/recipes/import', { payload: { url: pageUrl('/simple') } }), 401);
  });

  it('refuses bad requests with 400', async () => {
    const bad: [object, string][] = [
      [{}, importMessages.nothingToImport],
      [{ html: '   ' }, importMessages.nothingToImport],
      [{ url: 'ftp://example.com/recipe' }, importMessages.urlInvalid],
      [{ url: 'file:///etc/passwd' }, importMessages.urlInvalid],
      [{ url: 'javascript:alert(1)' }, importMessages.urlInvalid],
      [{ url: 'not a url' }, importMessages.urlInvalid],
      [{ url: `https://example.com/${'x'.repeat(2100)}` }, importMessages.urlTooLong],
      [{ html: 42 }, importMessages.htmlInvalid],
    ];
    for (const [payload, message] of bad) expectError(await importPage(payload), 400, message);
  });

  it('answers 422 with the messages the issue names', async () => {
    expectError(await importPage({ html: '<p>No recipe here</p>' }), 422, importMessages.noRecipe);
    expectError(await importPage({ url: pageUrl('/no-recipe') }), 422, importMessages.noRecipe);
    expectError(await importPage({ url: pageUrl('/forbidden') }), 422, importMessages.fetchFailed);
    expect(importMessages.fetchFailed).toMatch(/paste/);
    expectError(await importPage({ url: pageUrl('/json') }), 422, importMessages.notHtml);
    expectError(await importPage({ url: pageUrl('/huge') }), 422, importMessages.pageTooLarge);
  });
});

describe('bad input: each a clear 4xx, nothing stored, in bounded time', () => {
  let before: string;
  beforeAll(async () => {
    before = await stateFingerprint(ctx.database.pool, ctx.config.uploadsDir);
  });
  afterAll(async () => {
    expect(await stateFingerprint(ctx.database.pool, ctx.config.uploadsDir)).toBe(before);
  });

  it('5 MB of nested tags', async () => {
    const page = '<div>'.repeat(1_000_000).slice(0, 5 * 1024 * 1024 - 100);
    const started = Date.now();
    expectError(await importPage({ html: page }), 422, importMessages.noRecipe);
    console.info(`5 MB of nested tags: ${Date.now() - started} ms`);
  }, 60_000);

  it('5 MB of nested tags around a microdata recipe: the parser that builds a tree is not handed the page', async () => {
    const inner = '<div itemscope itemtype="http://schema.org/Recipe"><span itemprop="name">Deep</span></div>';
    const page = '<div>'.repeat(900_000) + inner;
    expectError(await importPage({ html: page }), 422, importMessages.noRecipe);
  }, 60_000);

  it('JSON-LD of 100,000 nested arrays', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const page = `<script type="application/ld+json">${deep}</script>`;
    expectError(await importPage({ html: page }), 422, importMessages.noRecipe);
    // The same nesting inside a real recipe's ingredient list: read to a bounded depth, never a crash.
    const recipe = JSON.stringify({ ...simpleRecipe, recipeIngredient: ['1 egg', 'PLACEHOLDER'] }).replace(
      '"PLACEHOLDER"',
      deep,
    );
    const data = expectOk(await importPage({ html: `<script type="application/ld+json">${recipe}</script>` }));
    expect(data.recipe.ingredients).toEqual(['1 egg']);
  }, 60_000);

  it('a <script> in any text field of the recipe: 422 with a clear message, pasted or fetched', async () => {
    const evil = (text: string) => `<script>alert("x")</script>${text}`;
    const scripted = {
      '@type': 'Recipe',
      name: evil('Soup'),
      description: evil('Nice'),
      recipeIngredient: [evil('1 egg')],
      recipeInstructions: [{ '@type': 'HowToSection', name: evil('Part'), itemListElement: [evil('Stir')] }],
      recipeYield: evil('4'),
      author: { '@type': 'Person', name: evil('Cook') },
    };
    expectError(await importPage({ html: recipePage(scripted) }), 422, importMessages.scriptedRecipe);
    expectError(await importPage({ url: pageUrl('/scripted') }), 422, importMessages.scriptedRecipe);
    // One field is enough, whichever it is (a section name and a step too).
    const oneField: Record<string, unknown>[] = [
      { name: evil('Soup') },
      { description: evil('Nice') },
      { recipeIngredient: ['4 tomatoes', evil('1 onion')] },
      { recipeInstructions: [{ '@type': 'HowToSection', name: evil('Part'), itemListElement: ['Stir.'] }] },
      { recipeInstructions: ['Chop.', { '@type': 'HowToStep', text: evil('Simmer.') }] },
      { recipeYield: evil('4 servings') },
      { author: { '@type': 'Person', name: evil('Cook') } },
    ];
    for (const fields of oneField) {
      expectError(
        await importPage({ html: recipePage({ ...simpleRecipe, ...fields }) }),
        422,
        importMessages.scriptedRecipe,
      );
    }
    // A microdata recipe, whose values are the elements' text: a script or a handler inside one is found too.
    const microdata = (inside: string) =>
      `<div itemscope itemtype="https://schema.org/Recipe"><h1 itemprop="name">Soup</h1>` +
      `<span itemprop="recipeIngredient">1 egg${inside}</span><p itemprop="recipeInstructions">Stir.</p></div>`;
    expect(expectOk(await importPage({ html: microdata('') })).recipe.ingredients).toEqual(['1 egg']);
    for (const inside of ['<script>alert(1)</script>', '<img src=x onerror=alert(1)>']) {
      expectError(await importPage({ html: microdata(inside) }), 422, importMessages.scriptedRecipe);
    }
  });

  it('event-handler attributes and javascript: links in the recipe text are refused the same way', async () => {
    const cases = [
      'Soup<img src=x onerror=alert(1)>',
      'Soup<svg/onload=alert(1)>',
      '<a href="javascript:alert(1)">Soup</a>',
      '<a href="java\tscript:alert(1)">Soup</a>',
      '&lt;script&gt;alert(1)&lt;/script&gt;Soup',
      'javascript:alert(1)',
    ];
    for (const name of cases) {
      const refused = await importPage({ html: recipePage({ ...simpleRecipe, name }) });
      expect(refused.statusCode, name).toBe(422);
      expectError(refused, 422, importMessages.scriptedRecipe);
    }
  });

  it('ordinary markup in the recipe text is allowed and stripped: the preview holds text only', async () => {
    const data = expectOk(
      await importPage({
        html: recipePage({
          ...simpleRecipe,
          name: '<b>Tomato</b> Soup',
          description: '<p>A warming bowl,<br>from <a href="https://example.com/nan" rel="nofollow">Nan</a>.</p>',
          recipeIngredient: ['<strong>4</strong> tomatoes', '1 onion <em>(chopped)</em>'],
          author: { '@type': 'Person', name: 'Cook', url: 'https://example.com/cook' },
        }),
      }),
    );
    expect(JSON.stringify(data)).not.toMatch(/<[a-z]/i);
    expect(data.recipe).toMatchObject({
      title: 'Tomato Soup',
      introduction: 'A warming bowl, from Nan.',
      ingredients: ['4 tomatoes', '1 onion (chopped)'],
      author: 'Cook',
    });
  });

  it('a javascript: image URL is never offered, nor fetched, and the preview says it was ignored', async () => {
    const data = expectOk(
      await importPage({
        html: recipePage({ ...simpleRecipe, image: ['javascript:alert(1)', 'data:image/png;base64,AA'] }),
      }),
    );
    expect(data.recipe.imageUrls).toEqual([]);
    expect(data.warnings).toContain(importMessages.imageIgnored);
    // A real photo beside it is still offered, with the same warning.
    const mixed = expectOk(
      await importPage({
        html: recipePage({ ...simpleRecipe, image: ['javascript:alert(1)', pageUrl('/photo.jpg')] }),
      }),
    );
    expect(mixed.recipe.imageUrls).toEqual([pageUrl('/photo.jpg')]);
    expect(mixed.warnings).toContain(importMessages.imageIgnored);
    expect(expectOk(await importPage({ html: recipePage(simpleRecipe) })).warnings).not.toContain(
      importMessages.imageIgnored,
    );
    expectError(
      await call(ctx.app, 'POST', '/recipes/import/photo', { jar, payload: { url: 'javascript:alert(1)' } }),
      400,
      importMessages.urlInvalid,
    );
  });

  it('a redirect to 127.0.0.1 (or localhost, or file:) is refused', async () => {
    expectError(await importPage({ url: pageUrl('/to-loopback') }), 422, importMessages.addressRefused);
    expectError(await importPage({ url: pageUrl('/to-localhost') }), 422, importMessages.addressRefused);
    expectError(await importPage({ url: pageUrl('/to-file') }), 422, importMessages.addressRefused);
    expectError(await importPage({ url: `http://127.0.0.1:${port}/simple` }), 422, importMessages.addressRefused);
    expectError(await importPage({ url: `http://[::1]:${port}/simple` }), 422, importMessages.addressRefused);
  });

  it('a slow-loris server is cut off at the time budget', async () => {
    for (const path of ['/slow-loris', '/no-headers']) {
      const started = Date.now();
      expectError(await importPage({ url: pageUrl(path) }), 422, importMessages.fetchFailed);
      console.info(`${path}: refused after ${Date.now() - started} ms (budget ${FETCH_TIMEOUT_MS} ms)`);
    }
  }, 30_000);

  it('a name that resolves to a private, link-local, metadata or mapped-loopback address is refused', async () => {
    const answers: Record<string, { address: string; family: number }[]> = {
      'private.example': [{ address: '10.1.2.3', family: 4 }],
      'also-private.example': [{ address: '192.168.1.20', family: 4 }],
      'link-local.example': [{ address: '169.254.169.254', family: 4 }],
      'v6-link-local.example': [{ address: 'fe80::1', family: 6 }],
      'mapped.example': [{ address: '::ffff:127.0.0.1', family: 6 }],
      'unspecified.example': [{ address: '0.0.0.0', family: 4 }],
      'multicast.example': [{ address: '224.0.0.1', family: 4 }],
    };
    const asked: string[] = [];
    const stub: LookupFunction = (hostname, options, callback) => {
      asked.push(hostname);
      const found = answers[hostname] ?? [];
      if (options.all) (callback as (error: null, all: typeof found) => void)(null, found);
      else callback(null, found[0]!.address, found[0]!.family);
    };
    const importer = new RecipeImporter(
      loadConfig({ DATA_DIR: ctx.config.dataDir, IMPORT_FETCH_TIMEOUT_MS: '2000', LOG_LEVEL: 'silent' }),
      { lookup: stub },
    );
    for (const name of Object.keys(answers)) {
      await expect(importer.preview({ url: `http://${name}/recipe` })).rejects.toMatchObject({
        statusCode: 422,
        message: importMessages.addressRefused,
      });
      await expect(importer.photo(`https://${name}/photo.jpg`)).rejects.toMatchObject({ statusCode: 422 });
    }
    expect(new Set(asked)).toEqual(new Set(Object.keys(answers)));
  });
});

describe('POST /recipes/import/photo', () => {
  it('answers the photo re-encoded as JPEG, without its EXIF', async () => {
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const response = await call(ctx.app, 'POST', '/recipes/import/photo', {
      jar,
      payload: { url: pageUrl('/photo.jpg') },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    const metadata = await sharp(response.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 120, height: 80 });
    expect(metadata.exif).toBeUndefined();
  });

  it('refuses what is not an image, and private addresses', async () => {
    for (const url of [pageUrl('/not-an-image.jpg'), pageUrl('/simple'), `http://127.0.0.1:${port}/photo.jpg`]) {
      expectError(
        await call(ctx.app, 'POST', '/recipes/import/photo', { jar, payload: { url } }),
        422,
        importMessages.photoNotImage,
      );
    }
    expectError(await call(ctx.app, 'POST', '/recipes/import/photo', { payload: { url: pageUrl('/photo.jpg') } }), 401);
  });
});

describe('rate limit', () => {
  it('limits imports per user', async () => {
    const limited = await createTestApp({ IMPORT_TEST_HOSTS: TEST_HOST, IMPORT_RATE_LIMIT_MAX: '2' });
    try {
      const first = await registerUser(limited.app);
      const second = await registerUser(limited.app);
      const send = (who: { jar: CookieJar }) =>
        call(limited.app, 'POST', '/recipes/import', { jar: who.jar, payload: { html: recipePage(simpleRecipe) } });
      expectOk(await send(first));
      expectOk(await send(first));
      const refused = await send(first);
      expectError(refused, 429);
      expect(refused.json().message).toMatch(/^Too many imports, please try again in \d+ seconds?$/);
      // Another cook at the same address has a budget of their own.
      expectOk(await send(second));
    } finally {
      await limited.close();
    }
  });
});
