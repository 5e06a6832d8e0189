// /robots.txt, /sitemap.xml and its pages (issue 21, docs/decisions/023) through the real app on a real database.
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SitemapRepository } from '../../repositories/sitemap.js';
import { createTestApp, registerUser, type TestContext } from '../../test/app.js';
import { makeWorld, registerPeople, type World } from '../../test/authorization-world.js';
import { call, createRecipe, expectOk } from '../../test/fixtures.js';
import { idRange, recipeUrlset, SITEMAP_PAGE_SIZE, sitemapBits } from './index.js';

const BASE = 'https://forkful.example';
const apps: TestContext[] = [];

async function appWith(env: Record<string, string> = {}): Promise<TestContext> {
  const ctx = await createTestApp({ PUBLIC_URL: BASE, ...env });
  apps.push(ctx);
  return ctx;
}
afterAll(async () => {
  await Promise.all(apps.map((ctx) => ctx.close()));
});

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1] ?? '');
const urls = (xml: string) =>
  [...xml.matchAll(/<url><loc>([^<]*)<\/loc><lastmod>([^<]*)<\/lastmod><\/url>/g)].map(([, loc, lastmod]) => ({
    id: (loc ?? '').replace(`${BASE}/view-recipe/`, ''),
    lastmod: lastmod ?? '',
  }));

async function get(ctx: TestContext, url: string, headers: Record<string, string> = {}) {
  return ctx.app.inject({ method: 'GET', url, headers });
}

async function streamText(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += String(chunk);
  return text;
}

describe('robots.txt', () => {
  it('points to the sitemap under PUBLIC_URL and keeps crawlers out of the API and the forms', async () => {
    const ctx = await appWith();
    const response = await get(ctx, '/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = response.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain(`Sitemap: ${BASE}/sitemap.xml`);
    expect(lines).toContain('Disallow: /api/');
    expect(lines).toContain('Disallow: /edit-recipe/');
    // Recipe photos stay crawlable: rich results show them.
    expect(response.body).not.toMatch(/Disallow: \/uploads/);
  });

  it('without PUBLIC_URL, the address a local run is reached at', async () => {
    const ctx = await appWith({ PUBLIC_URL: '', PORT: '3123' });
    expect((await get(ctx, '/robots.txt')).body).toContain('Sitemap: http://localhost:3123/sitemap.xml');
  });
});

describe('the sitemap', () => {
  let ctx: TestContext;
  let world: World;

  beforeAll(async () => {
    ctx = await appWith();
    world = await makeWorld(ctx.app, await registerPeople(ctx.app));
  });

  it('is an index of the site pages and the recipe pages; a recipe page lists published recipes with lastmod', async () => {
    const index = await get(ctx, '/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(index.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    const pages = locs(index.body);
    expect(pages[0]).toBe(`${BASE}/sitemaps/pages.xml`);
    expect(pages).toHaveLength(2);
    expect(pages[1]).toBe(`${BASE}/sitemaps/recipes-0-0.xml`);

    const site = await get(ctx, (pages[0] ?? '').slice(BASE.length));
    expect(locs(site.body)).toEqual([`${BASE}/`, `${BASE}/recipes`, `${BASE}/features`, `${BASE}/about`]);

    const recipes = await get(ctx, (pages[1] ?? '').slice(BASE.length));
    expect(recipes.statusCode).toBe(200);
    expect(recipes.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(recipes.body.endsWith('</urlset>\n')).toBe(true);
    const view = expectOk(await call(ctx.app, 'GET', `/recipes/${world.published.recipe}/view-recipe`));
    // lastmod is the recipe's updatedAt in UTC, to the second.
    expect(urls(recipes.body)).toEqual([{ id: world.published.recipe, lastmod: `${view.updatedAt.slice(0, 19)}Z` }]);
  });

  it('never lists a draft, whoever asks (the author included), and lastmod follows an edit', async () => {
    const second = await createRecipe(ctx.app, world.author.jar, { title: 'Second Soup' });
    for (const cookie of [undefined, world.author.jar.header(), world.stranger.jar.header()]) {
      const headers: Record<string, string> = cookie ? { cookie } : {};
      const index = await get(ctx, '/sitemap.xml', headers);
      const body = (await get(ctx, (locs(index.body)[1] ?? '').slice(BASE.length), headers)).body;
      expect(index.body + body).not.toContain(world.draft.recipe);
      // In id order, the order of the index.
      expect(
        urls(body)
          .map((url) => url.id)
          .sort(),
      ).toEqual([world.published.recipe, second].sort());
    }
    const before = urls(
      (await get(ctx, (locs((await get(ctx, '/sitemap.xml')).body)[1] ?? '').slice(BASE.length))).body,
    );
    await ctx.database.pool.query(`UPDATE recipes SET updated_at = now() + interval '1 minute' WHERE id = $1`, [
      second,
    ]);
    const after = urls(
      (await get(ctx, (locs((await get(ctx, '/sitemap.xml')).body)[1] ?? '').slice(BASE.length))).body,
    );
    const lastmod = (list: typeof before) => Date.parse(list.find((url) => url.id === second)?.lastmod ?? '');
    expect(lastmod(after)).toBeGreaterThan(lastmod(before));
  });

  it('an unknown page name is a 404; the pages are compressed for clients that ask', async () => {
    for (const name of [
      'recipes-1.xml',
      'recipes-0-1.xml',
      'recipes-2-4.xml',
      'recipes-21-0.xml',
      'recipes-1-01.xml',
      'other.xml',
    ]) {
      const response = await get(ctx, `/sitemaps/${name}`);
      expect(response.statusCode, name).toBe(404);
      expect(response.json(), name).toMatchObject({ success: false, statusCode: 404 });
    }
    const page = locs((await get(ctx, '/sitemap.xml')).body)[1] ?? '';
    const compressed = await ctx.app.inject({
      method: 'GET',
      url: page.slice(BASE.length),
      headers: { 'accept-encoding': 'br' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toContain(world.published.recipe);
  });
});

describe('pages of at most N recipes', () => {
  it('the id space is split into enough ranges for about N/2 recipes each', () => {
    expect([0, 1, 25_000, 25_001, 50_000, 950_405, 1_000_000].map((count) => sitemapBits(count))).toEqual([
      0, 0, 0, 1, 1, 6, 6,
    ]);
    expect([2, 3, 7, 8, 9].map((count) => sitemapBits(count, 4))).toEqual([0, 1, 2, 2, 3]);
    expect(idRange(0, 0)).toEqual({ from: '00000000-0000-0000-0000-000000000000', to: undefined });
    expect(idRange(2, 1)).toEqual({
      from: '40000000-0000-0000-0000-000000000000',
      to: '80000000-0000-0000-0000-000000000000',
    });
    expect(idRange(2, 3)).toEqual({ from: 'c0000000-0000-0000-0000-000000000000', to: undefined });
  });

  it('each page lists its range of published recipes, streamed in batches, at most N; together all of them', async () => {
    const ctx = await appWith();
    const { id: authorId } = await registerUser(ctx.app);
    const ids = ['0', '3', '5', '7', '9', 'b', 'c', 'f'].map(
      (digit) => `${digit.repeat(8)}-0000-4000-8000-000000000000`,
    );
    const draft = '41111111-0000-4000-8000-000000000000';
    for (const id of [...ids, draft]) {
      await ctx.database.pool.query(
        `INSERT INTO recipes (id, author_id, title, cooking_time, ingredients, steps, is_published)
         VALUES ($1, $2, 'Dish', 10, ARRAY['1 egg'], ARRAY['Cook'], $3)`,
        [id, authorId, id !== draft],
      );
    }
    // Eight published recipes, pages of at most 4: four ranges (a quarter of the id space each). The app's own pages
    // hold 50,000: one range.
    const index = await ctx.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(locs(index.body)).toEqual([`${BASE}/sitemaps/pages.xml`, `${BASE}/sitemaps/recipes-0-0.xml`]);
    const repository = new SitemapRepository(ctx.database.db);
    const bits = sitemapBits(await repository.publishedCount(), 4);
    expect(bits).toBe(2);
    const pages: string[][] = [];
    for (let n = 0; n < 2 ** bits; n++) {
      const xml = await streamText(await recipeUrlset(repository, BASE, idRange(bits, n), 4, { batchRows: 1 }));
      // The order within a page means nothing to a crawler (nor to the statement that writes it).
      pages.push(
        urls(xml)
          .map((url) => url.id)
          .sort(),
      );
    }
    expect(pages).toEqual([ids.slice(0, 2), ids.slice(2, 4), ids.slice(4, 6), ids.slice(6)]);

    // A range that holds more than a page (ids that are not random) lists N, and says so.
    let full = 0;
    const crowded = await recipeUrlset(repository, BASE, idRange(0, 0), 3, { batchRows: 2, onFull: () => full++ });
    expect(
      urls(await streamText(crowded))
        .map((url) => url.id)
        .sort(),
    ).toEqual(ids.slice(0, 3));
    expect(full).toBe(1);
    const exact = await recipeUrlset(repository, BASE, idRange(0, 0), 8, { batchRows: 3, onFull: () => full++ });
    expect(
      urls(await streamText(exact))
        .map((url) => url.id)
        .sort(),
    ).toEqual(ids);
    expect(full).toBe(1);
  });

  it(`past the protocol's limit: ${(SITEMAP_PAGE_SIZE + 1).toLocaleString('en')} recipes are listed once each, no page over ${SITEMAP_PAGE_SIZE.toLocaleString('en')}`, async () => {
    const ctx = await appWith();
    const { id: authorId } = await registerUser(ctx.app);
    // Written in one statement with the row triggers off (session_replication_role): the title words do not matter
    // here, and 50,000 trigger runs take minutes on a busy machine. The counter the index reads is set by hand.
    const client = await ctx.database.pool.connect();
    try {
      await client.query(`SET session_replication_role = replica`);
      await client.query(
        `INSERT INTO recipes (author_id, title, cooking_time, ingredients, steps, is_published)
         SELECT $1, 'Dish ' || n, 10, ARRAY['1 egg'], ARRAY['Cook'], true FROM generate_series(1, $2::int) AS n`,
        [authorId, SITEMAP_PAGE_SIZE + 1],
      );
      await client.query(`RESET session_replication_role`);
      await client.query(`UPDATE recipe_counts SET published = (SELECT count(*) FROM recipes WHERE is_published)`);
    } finally {
      client.release();
    }
    const index = locs((await get(ctx, '/sitemap.xml')).body).slice(1);
    expect(index).toHaveLength(4);
    const seen = new Set<string>();
    for (const page of index) {
      const listed = urls((await get(ctx, page.slice(BASE.length))).body);
      expect(listed.length).toBeLessThanOrEqual(SITEMAP_PAGE_SIZE);
      expect(listed.length).toBeGreaterThan(10_000);
      for (const url of listed) seen.add(url.id);
    }
    expect(seen.size).toBe(SITEMAP_PAGE_SIZE + 1);
  }, 120_000);
});

describe('the rate limit', () => {
  it('counts robots.txt and the sitemap like the pages: with RATE_LIMIT_MAX=3 the fourth is refused', async () => {
    const ctx = await appWith({ RATE_LIMIT_MAX: '3' });
    const statuses: number[] = [];
    for (const url of ['/robots.txt', '/sitemap.xml', '/sitemaps/pages.xml', '/robots.txt', '/sitemap.xml']) {
      statuses.push((await get(ctx, url)).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });
});
