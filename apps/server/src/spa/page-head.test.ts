// What a recipe page tells search engines and link previews (issue 21, docs/decisions/023), through the real app on
// a real database: JSON-LD, Open Graph, Twitter card and canonical link on a published recipe; none of it, and
// noindex, on a draft; hostile text inert.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type TestContext } from '../test/app.js';
import { call, createRecipe, expectOk, makeImage } from '../test/fixtures.js';
import { recipeRichResultProblems } from '../test/recipe-rich-results.js';

const BASE = 'https://forkful.example';
const HOSTILE = '</script><script>alert(1)</script>';
const webDist = mkdtempSync(path.join(tmpdir(), 'forkful-dist-'));
// The build's index.html in small: a title, a description and the one inline script (decision 015).
const INDEX =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" />' +
  '<meta name="description" content="Forkful: discover, cook and share recipes." />' +
  '<title>Forkful · Recipes worth sharing</title><script>document.documentElement.classList.add("x")</script>' +
  '</head><body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>';

let ctx: TestContext;
let author: Awaited<ReturnType<typeof registerUser>>;

beforeAll(async () => {
  writeFileSync(path.join(webDist, 'index.html'), INDEX);
  ctx = await createTestApp({ WEB_DIST_DIR: webDist, PUBLIC_URL: `${BASE}/` });
  author = await registerUser(ctx.app, 'Ada Cook');
});
afterAll(async () => {
  await ctx.close();
  rmSync(webDist, { recursive: true, force: true });
});

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

/** Every element of `html` as a browser's HTML parser reads it (parse5 implements the HTML standard's parsing). */
function elementsOf(html: string): Element[] {
  const found: Element[] = [];
  const walk = (node: Node) => {
    if ('tagName' in node) found.push(node);
    if ('childNodes' in node) node.childNodes.forEach(walk);
    if (node.nodeName === 'template' && 'content' in node) walk(node.content as Node);
  };
  walk(parse(html));
  return found;
}

const attr = (element: Element, name: string) => element.attrs.find((entry) => entry.name === name)?.value;
const textOf = (element: Element) =>
  element.childNodes.map((child) => (child.nodeName === '#text' && 'value' in child ? child.value : '')).join('');

async function page(url: string, cookie?: string) {
  const response = await ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  expect(response.statusCode).toBe(200);
  const elements = elementsOf(response.body);
  const tags = (name: string, test: (element: Element) => boolean = () => true) =>
    elements.filter((element) => element.tagName === name && test(element));
  const metas = (key: string) =>
    tags('meta', (element) => (attr(element, 'property') ?? attr(element, 'name')) === key);
  const meta = (key: string) => {
    const [first] = metas(key);
    return first && attr(first, 'content');
  };
  const scripts = tags('script');
  const jsonLd = scripts
    .filter((element) => attr(element, 'type') === 'application/ld+json')
    .map((element) => JSON.parse(textOf(element)) as Record<string, unknown>);
  const canonical = tags('link', (element) => attr(element, 'rel') === 'canonical');
  const previews = tags('meta', (element) =>
    /^(og|twitter):/.test(attr(element, 'property') ?? attr(element, 'name') ?? ''),
  );
  const title = tags('title').map(textOf);
  return { response, html: response.body, metas, meta, scripts, jsonLd, canonical, previews, title };
}

describe('a published recipe page', () => {
  let id: string;

  beforeAll(async () => {
    id = await createRecipe(
      ctx.app,
      author.jar,
      {
        title: 'Tomato Soup',
        introduction: 'A warming bowl for cold evenings.',
        cookingTime: '95',
        ingredients: ['For the soup:', '4 tomatoes', '1 onion'],
        steps: ['Chop everything', 'Simmer:', 'Simmer for 20 minutes', 'Blend'],
        servings: '4',
        yieldText: '1.5 litres',
      },
      { bytes: await makeImage('jpeg', { width: 1600, height: 1000 }) },
    );
  });

  it('carries a schema.org Recipe with what Google asks for, a canonical link, Open Graph and Twitter tags', async () => {
    const { response, meta, metas, jsonLd, canonical, title } = await page(`/view-recipe/${id}?servings=8`);
    const url = `${BASE}/view-recipe/${id}`;
    expect(response.headers['x-robots-tag']).toBeUndefined();
    expect(metas('robots')).toHaveLength(0);
    expect(canonical.map((link) => attr(link, 'href'))).toEqual([url]);
    expect(title).toEqual(['Tomato Soup · Forkful']);
    // The page's description replaces the site's, once.
    expect(metas('description')).toHaveLength(1);
    expect(meta('description')).toBe('A warming bowl for cold evenings.');

    expect(jsonLd).toHaveLength(1);
    const recipe = jsonLd[0] ?? {};
    expect(recipeRichResultProblems(recipe)).toEqual([]);
    const view = expectOk(await call(ctx.app, 'GET', `/recipes/${id}/view-recipe`));
    expect(recipe).toMatchObject({
      '@type': 'Recipe',
      name: 'Tomato Soup',
      url,
      author: { '@type': 'Person', name: 'Ada Cook', url: `${BASE}/users/profile/${author.id}` },
      datePublished: view.createdAt,
      dateModified: view.updatedAt,
      description: 'A warming bowl for cold evenings.',
      recipeIngredient: ['4 tomatoes', '1 onion'],
      recipeInstructions: [
        { '@type': 'HowToStep', text: 'Chop everything' },
        {
          '@type': 'HowToSection',
          name: 'Simmer',
          itemListElement: [
            { '@type': 'HowToStep', text: 'Simmer for 20 minutes' },
            { '@type': 'HowToStep', text: 'Blend' },
          ],
        },
      ],
      totalTime: 'PT1H35M',
      recipeYield: ['4', '1.5 litres'],
    });
    expect(recipe).not.toHaveProperty('aggregateRating');

    // Several sizes, each with its real pixel size (a 1600 × 1000 photo: 1280 × 800 at the largest).
    const images = recipe.image as Array<{ url: string; width: { value: number }; height: { value: number } }>;
    expect(images.map((image) => `${image.width.value}x${image.height.value}`)).toEqual([
      '1280x800',
      '1080x675',
      '800x500',
      '720x450',
      '640x400',
      '320x200',
    ]);
    for (const image of images) {
      expect(image.url.startsWith(`${BASE}/uploads/`)).toBe(true);
      const file = await ctx.app.inject({ method: 'GET', url: image.url.slice(BASE.length) });
      expect(file.statusCode).toBe(200);
    }

    expect(meta('og:type')).toBe('article');
    expect(meta('og:title')).toBe('Tomato Soup');
    expect(meta('og:description')).toBe('A warming bowl for cold evenings.');
    expect(meta('og:url')).toBe(url);
    expect(meta('og:image')).toBe(images[0]?.url);
    expect(meta('og:image:width')).toBe('1280');
    expect(meta('og:image:height')).toBe('800');
    expect(meta('twitter:card')).toBe('summary_large_image');
    expect(meta('twitter:title')).toBe('Tomato Soup');
    expect(meta('twitter:description')).toBe('A warming bowl for cold evenings.');
    expect(meta('twitter:image')).toBe(images[0]?.url);
  });

  it('has an aggregateRating once it has reviews, with their average and count', async () => {
    const reviewer = await registerUser(ctx.app, 'Bea Taster');
    expectOk(
      await call(ctx.app, 'POST', `/reviews/create/${id}`, {
        jar: reviewer.jar,
        payload: { rating: 4, comment: 'Lovely' },
      }),
      201,
    );
    const { jsonLd } = await page(`/view-recipe/${id}`);
    expect(jsonLd[0]?.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4,
      ratingCount: 1,
      reviewCount: 1,
      bestRating: 5,
      worstRating: 1,
    });
    expect(recipeRichResultProblems(jsonLd[0])).toEqual([]);
  });

  it('without a photo: a summary card, no image tags (and Google would miss its required image)', async () => {
    const bare = await createRecipe(ctx.app, author.jar, { title: 'Plain Rice', introduction: '' });
    const { meta, jsonLd } = await page(`/view-recipe/${bare}`);
    expect(meta('twitter:card')).toBe('summary');
    expect(meta('og:image')).toBeUndefined();
    expect(meta('og:description')).toBe('Plain Rice: a recipe by Ada Cook on Forkful.');
    expect(recipeRichResultProblems(jsonLd[0])).toEqual(['image: required']);
  });
});

describe('a page that is not a published recipe', () => {
  it('a draft carries no structured data, no previews, no canonical link, and is noindex; for its author too', async () => {
    const draft = await createRecipe(ctx.app, author.jar, { title: 'Secret Draft Stew', isPublished: 'false' });
    for (const cookie of [undefined, author.jar.header()]) {
      const { response, meta, jsonLd, previews, canonical, html } = await page(`/view-recipe/${draft}`, cookie);
      expect(response.headers['x-robots-tag']).toBe('noindex');
      expect(meta('robots')).toBe('noindex');
      expect(jsonLd).toHaveLength(0);
      expect([...previews, ...canonical]).toHaveLength(0);
      expect(html).not.toContain('Secret Draft Stew');
      expect(html).not.toContain(draft);
    }
  });

  it('an unknown or malformed recipe address is noindex too', async () => {
    for (const url of ['/view-recipe/00000000-0000-4000-8000-000000000000', '/view-recipe/not-an-id']) {
      const { response, jsonLd } = await page(url);
      expect(response.headers['x-robots-tag'], url).toBe('noindex');
      expect(jsonLd, url).toHaveLength(0);
    }
  });

  it('a recipe that is unpublished again loses its structured data', async () => {
    const id = await createRecipe(ctx.app, author.jar, { title: 'Brief Glory' });
    expect((await page(`/view-recipe/${id}`)).jsonLd).toHaveLength(1);
    await ctx.database.pool.query('UPDATE recipes SET is_published = false WHERE id = $1', [id]);
    const after = await page(`/view-recipe/${id}`);
    expect(after.jsonLd).toHaveLength(0);
    expect(after.response.headers['x-robots-tag']).toBe('noindex');
  });
});

describe('hostile text', () => {
  it('a title, introduction, ingredient and step of `</script><script>…` stay text: no script runs', async () => {
    const id = await createRecipe(ctx.app, author.jar, {
      title: 'Innocent Title',
      introduction: `${HOSTILE} "quoted" & <b>bold</b> \u2028`,
      ingredients: [HOSTILE, '1 <img src=x onerror=alert(1)>'],
      steps: [HOSTILE],
    });
    // The title pattern keeps this out of the API; a row written some other way (an old import, a hand edit) must
    // be as harmless.
    await ctx.database.pool.query('UPDATE recipes SET title = $1 WHERE id = $2', [HOSTILE, id]);
    const { html, jsonLd, meta, scripts, title } = await page(`/view-recipe/${id}`);

    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<img src=x');
    // Exactly the template's scripts, the page data and the JSON-LD; each data block parses whole.
    const kinds = scripts.map((element) => attr(element, 'type') ?? 'classic');
    expect(kinds.sort()).toEqual(['application/json', 'application/ld+json', 'classic', 'module']);
    expect(jsonLd[0]).toMatchObject({
      name: HOSTILE,
      recipeIngredient: [HOSTILE, '1 <img src=x onerror=alert(1)>'],
      recipeInstructions: [{ '@type': 'HowToStep', text: HOSTILE }],
    });
    expect(meta('og:title')).toBe(HOSTILE);
    expect(meta('og:description')).toBe(`${HOSTILE} "quoted" & <b>bold</b>`);
    expect(title).toEqual([`${HOSTILE} · Forkful`]);
  });
});

describe('the All Recipes page', () => {
  it('has a canonical link with its page number and basic Open Graph tags', async () => {
    const first = await page('/recipes');
    expect(first.canonical.map((link) => attr(link, 'href'))).toEqual([`${BASE}/recipes`]);
    expect(first.meta('og:title')).toBe('All Recipes · Forkful');
    expect(first.meta('og:url')).toBe(`${BASE}/recipes`);
    const second = await page('/recipes?page=2&utm_source=x');
    expect(second.canonical.map((link) => attr(link, 'href'))).toEqual([`${BASE}/recipes?page=2`]);
    expect(second.response.headers['x-robots-tag']).toBeUndefined();
  });
});
