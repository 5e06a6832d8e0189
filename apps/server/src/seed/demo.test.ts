import { readdirSync } from 'node:fs';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CREDENTIALS, TITLE_PATTERN } from '@forkful/contracts';
import type { Database } from '../db/client.js';
import { CookieJar, createTestApp, type TestContext } from '../test/app.js';
import { seedDemoContent } from './demo.js';

let ctx: TestContext;
const seedLog: string[] = [];

interface Card {
  _id: string;
  title: string;
  isPublished: boolean;
  recipePhotoVariants: Array<{ width: number; url: string }>;
  author: { _id: string; name: string };
  avgRating: number;
  totalReviews: number;
  createdAt: string;
}

beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemoContent(ctx.database.db, ctx.config, (line) => seedLog.push(line));
});
afterAll(async () => {
  await ctx.close();
});

async function counts(db: Database) {
  const result = await db.execute<{ users: number; recipes: number; reviews: number; saved: number }>(sql`
    SELECT (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM recipes) AS recipes,
           (SELECT count(*)::int FROM reviews) AS reviews, (SELECT count(*)::int FROM saved_recipes) AS saved`);
  return result.rows[0];
}

const uploads = () => readdirSync(ctx.config.uploadsDir).sort();

async function logInAsDemo(): Promise<{ jar: CookieJar; id: string }> {
  const response = await ctx.app.inject({ method: 'POST', url: '/api/v1/users/login', payload: DEMO_CREDENTIALS });
  expect(response.statusCode).toBe(200);
  const jar = new CookieJar();
  jar.store(response);
  return { jar, id: response.json().data.user._id };
}

async function allPublished(): Promise<Card[]> {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/recipes/all?limit=48' });
  expect(response.statusCode).toBe(200);
  return response.json().data.recipes;
}

describe('demo content', () => {
  it('logs the summary and the demo login', () => {
    expect(seedLog.join('\n')).toMatch(/Demo content added in [\d.]+ s: 8 cooks, 36 published recipes, 5 drafts/);
    expect(seedLog.join('\n')).toContain(DEMO_CREDENTIALS.email);
  });

  it('lets the demo account log in, and nobody else with its password', async () => {
    const login = await ctx.app.inject({ method: 'POST', url: '/api/v1/users/login', payload: DEMO_CREDENTIALS });
    expect(login.statusCode).toBe(200);
    expect(login.json().data.user).toMatchObject({ name: 'Demo Cook', email: DEMO_CREDENTIALS.email });
    expect(login.json().data.user.avatar.isDefault).toBe(false);
    const other = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { email: 'maya.patel@example.com', password: DEMO_CREDENTIALS.password },
    });
    expect(other.statusCode).toBe(401);
  });

  it('publishes at least 30 recipes by several cooks, newest first, with valid titles', async () => {
    const cards = await allPublished();
    expect(cards.length).toBeGreaterThanOrEqual(30);
    expect(new Set(cards.map((card) => card.author._id)).size).toBeGreaterThanOrEqual(6);
    expect(cards.some((card) => card.author.name === 'Demo Cook')).toBe(true);
    for (const card of cards) {
      expect(card.title).toMatch(TITLE_PATTERN);
      expect(card.isPublished).toBe(true);
    }
    const times = cards.map((card) => Date.parse(card.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(Math.max(...times)).toBeLessThan(Date.now());
    // Spread over months, not all made in the same minute.
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(90 * 24 * 3600 * 1000);
  });

  it('gives most recipes a photo whose WebP variants are served, and leaves a few without', async () => {
    const cards = await allPublished();
    const withPhoto = cards.filter((card) => card.recipePhotoVariants.length > 0);
    expect(withPhoto.length).toBeGreaterThanOrEqual(cards.length - 6);
    expect(withPhoto.length).toBeLessThan(cards.length);
    const sample = withPhoto[0];
    expect(sample?.recipePhotoVariants.map((variant) => variant.width)).toEqual([320, 640, 720, 800, 1080, 1280]);
    for (const variant of sample?.recipePhotoVariants ?? []) {
      const response = await ctx.app.inject({ method: 'GET', url: variant.url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      const metadata = await sharp(response.rawPayload).metadata();
      expect(metadata).toMatchObject({ format: 'webp', width: variant.width, height: (variant.width * 3) / 4 });
    }
  });

  it('keeps drafts out of public lists and shows them to their author', async () => {
    const publicTitles = (await allPublished()).map((card) => card.title);
    for (const draft of [
      'Spicy Peanut Noodles',
      'Roasted Red Pepper Hummus',
      'Cinnamon Apple Cake',
      'Potato Pierogi',
    ]) {
      expect(publicTitles).not.toContain(draft);
    }
    const demo = await logInAsDemo();
    const url = `/api/v1/recipes/created-recipes/${demo.id}`;
    const own = (await ctx.app.inject({ method: 'GET', url, headers: { cookie: demo.jar.header() } })).json().data
      .recipes;
    expect(own.filter((card: Card) => !card.isPublished)).toHaveLength(3);
    const seenByVisitor = (await ctx.app.inject({ method: 'GET', url })).json().data.recipes;
    expect(seenByVisitor.length).toBe(own.length - 3);
  });

  it('gives recipes servings or a yield to scale from, and parsed ingredients', async () => {
    const cards = await allPublished();
    const views = await Promise.all(
      cards.map(async (card) => {
        const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/recipes/${card._id}/view-recipe` });
        expect(response.statusCode).toBe(200);
        return response.json().data;
      }),
    );
    for (const view of views) {
      expect(view.servings !== null || view.yieldText !== null).toBe(true);
      expect(view.ingredientDetails).toHaveLength(view.ingredients.length);
    }
    const chicken = views.find((view) => view.title === 'Lemon Garlic Roast Chicken');
    expect(chicken).toMatchObject({ servings: 4, yieldText: null });
    expect(chicken.ingredientDetails[1]).toMatchObject({ quantity: 800, unit: 'g' });
  });

  it('keeps every rating summary equal to the reviews, none by the recipe author', async () => {
    const cards = await allPublished();
    for (const card of cards) {
      const reviews: Array<{ rating: number; comment: string; owner: { _id: string } }> = [];
      for (let page = 1; ; page++) {
        const response = await ctx.app.inject({
          method: 'GET',
          url: `/api/v1/reviews/view-all/${card._id}?page=${page}`,
        });
        expect(response.statusCode).toBe(200);
        reviews.push(...response.json().data.reviews);
        if (page >= response.json().data.totalPages) break;
      }
      expect(reviews.length).toBe(card.totalReviews);
      expect(reviews.length).toBeGreaterThanOrEqual(2);
      expect(reviews.length).toBeLessThanOrEqual(6);
      const sum = reviews.reduce((total, review) => total + review.rating, 0);
      expect(card.avgRating).toBeCloseTo(sum / reviews.length, 2);
      for (const review of reviews) {
        expect(review.owner._id).not.toBe(card.author._id);
        expect(review.comment.length).toBeLessThanOrEqual(250);
      }
    }
  });

  it('gives the demo account saved recipes and finds accented words without accents', async () => {
    const demo = await logInAsDemo();
    const saved = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/recipes/saved-recipes',
      headers: { cookie: demo.jar.header() },
    });
    expect(saved.json().data.recipes.length).toBeGreaterThanOrEqual(5);
    const search = await ctx.app.inject({ method: 'GET', url: '/api/v1/recipes/view-recipe-by-name/creme%20fraiche' });
    expect(search.json().data.map((card: Card) => card.title)).toContain('Beef Stroganoff');
  });

  it('adds nothing when run again', async () => {
    const before = await counts(ctx.database.db);
    const files = uploads();
    const again: string[] = [];
    await seedDemoContent(ctx.database.db, ctx.config, (line) => again.push(line));
    expect(await counts(ctx.database.db)).toEqual(before);
    expect(uploads()).toEqual(files);
    expect(again).toEqual([]);
  });

  it('removes the image files it wrote when the database part fails', async () => {
    const files = uploads();
    const before = await counts(ctx.database.db);
    // An empty-looking database whose transaction fails: the seed gets as far as writing every image first.
    const failing = new Proxy(ctx.database.db, {
      get(target, property, receiver) {
        if (property === 'execute') return async () => ({ rows: [] });
        if (property === 'transaction') return async () => Promise.reject(new Error('connection lost'));
        return Reflect.get(target, property, receiver);
      },
    });
    await expect(seedDemoContent(failing, ctx.config, () => undefined)).rejects.toThrow('connection lost');
    expect(uploads()).toEqual(files);
    expect(await counts(ctx.database.db)).toEqual(before);
  });
});
