import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type CookieJar, type TestContext } from '../../test/app.js';
import { call, createRecipe, expectError, expectOk, MALFORMED_ID, UNKNOWN_ID } from '../../test/fixtures.js';

let ctx: TestContext;
let author: { id: string; jar: CookieJar };
let recipeId: string;
/** Review ids in creation order (oldest first), and their owners. */
const reviews: Array<{ id: string; owner: { id: string; jar: CookieJar } }> = [];

beforeAll(async () => {
  // Two dozen sign-ups from one test address: lift the per-address limit on sign-ups for this file.
  ctx = await createTestApp({ AUTH_RATE_LIMIT_MAX: '1000' });
  author = await registerUser(ctx.app, 'Ada Author');
  recipeId = await createRecipe(ctx.app, author.jar);
  for (let n = 1; n <= 23; n++) {
    const owner = await registerUser(ctx.app, `Reviewer ${n}`);
    const payload = { rating: (n % 5) + 1, comment: `Review number ${n}` };
    const review = expectOk(
      await call(ctx.app, 'POST', `/reviews/create/${recipeId}`, { jar: owner.jar, payload }),
      201,
    );
    reviews.push({ id: review._id, owner });
  }
});
afterAll(async () => {
  await ctx.close();
});

const page = (n: number | undefined, jar?: CookieJar) =>
  call(ctx.app, 'GET', `/reviews/view-all/${recipeId}${n === undefined ? '' : `?page=${n}`}`, { jar });
const ids = (list: Array<{ _id: string }>) => list.map((review) => review._id);

describe('GET /reviews/view-all/{recipeId}', () => {
  it('pages by 10, newest first, starting at page 1', async () => {
    const newestFirst = reviews.map((review) => review.id).reverse();
    const first = expectOk(await page(undefined));
    expect(Object.keys(first).sort()).toEqual(['curPage', 'reviews', 'totalPages', 'totalReviews']);
    expect(first).toMatchObject({ curPage: 1, totalPages: 3, totalReviews: 23 });
    expect(ids(first.reviews)).toEqual(newestFirst.slice(0, 10));
    expect(first.reviews[0]).toMatchObject({ comment: 'Review number 23', owner: { name: 'Reviewer 23' } });

    const second = expectOk(await page(2));
    expect(second.curPage).toBe(2);
    expect(ids(second.reviews)).toEqual(newestFirst.slice(10, 20));
    const third = expectOk(await page(3));
    expect(ids(third.reviews)).toEqual(newestFirst.slice(20));
    const beyond = expectOk(await page(4));
    expect(beyond).toMatchObject({ reviews: [], curPage: 4, totalPages: 3 });
  });

  it("leaves the logged-in viewer's own review out of the list and the counts", async () => {
    const own = reviews[22]!;
    const first = expectOk(await page(1, own.owner.jar));
    expect(first).toMatchObject({ totalReviews: 22, totalPages: 3 });
    expect(ids(first.reviews)).not.toContain(own.id);
    expect(first.reviews).toHaveLength(10);
    expect(ids(first.reviews)[0]).toBe(reviews[21]!.id);
    // The author has no review of their own recipe: they see everything.
    expect(expectOk(await page(1, author.jar)).totalReviews).toBe(23);
    // The own review is still reachable on its own, the way the client shows it.
    const mine = expectOk(
      await call(ctx.app, 'GET', `/reviews/view/${own.owner.id}/${recipeId}`, { jar: own.owner.jar }),
    );
    expect(mine._id).toBe(own.id);
  });

  it('reports the exact average and count on the recipe', async () => {
    const recipe = expectOk(await call(ctx.app, 'GET', `/recipes/${recipeId}/view-recipe`));
    const ratings = reviews.map((_, index) => ((index + 1) % 5) + 1);
    const average = ratings.reduce((sum, rating) => sum + rating, 0) / ratings.length;
    expect(recipe.totalReviews).toBe(23);
    expect(recipe.avgRating).toBeCloseTo(average, 2);
  });

  it('answers an empty first page for a recipe without reviews', async () => {
    const fresh = await createRecipe(ctx.app, author.jar);
    const data = expectOk(await call(ctx.app, 'GET', `/reviews/view-all/${fresh}?page=1`));
    expect(data).toEqual({ reviews: [], curPage: 1, totalPages: 1, totalReviews: 0 });
  });

  it('validates the page and the recipe id', async () => {
    expectError(await page(0), 400, 'Page must be at least 1');
    expectError(
      await call(ctx.app, 'GET', `/reviews/view-all/${recipeId}?page=abc`),
      400,
      'Page must be a whole number',
    );
    expectError(await call(ctx.app, 'GET', `/reviews/view-all/${UNKNOWN_ID}`), 404, 'Recipe not found');
    expectError(await call(ctx.app, 'GET', `/reviews/view-all/${MALFORMED_ID}`), 400, 'Invalid id');
  });
});
