import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type CookieJar, type TestContext } from '../../test/app.js';
import { call, createRecipe, expectOk } from '../../test/fixtures.js';

let ctx: TestContext;
let author: { id: string; jar: CookieJar };
const reviewers: Array<{ id: string; jar: CookieJar }> = [];

beforeAll(async () => {
  // Sixteen sign-ups from one test address: lift the per-address limit on sign-ups for this file.
  ctx = await createTestApp({ AUTH_RATE_LIMIT_MAX: '1000' });
  author = await registerUser(ctx.app, 'Ada Author');
  for (let n = 1; n <= 15; n++) reviewers.push(await registerUser(ctx.app, `Reviewer ${n}`));
});
afterAll(async () => {
  await ctx.close();
});

/** What the API says, and what the review rows say: both must agree with the expected ratings. */
async function expectRating(recipeId: string, ratings: number[]): Promise<void> {
  const recipe = expectOk(await call(ctx.app, 'GET', `/recipes/${recipeId}/view-recipe`));
  const sum = ratings.reduce((total, rating) => total + rating, 0);
  expect(recipe.totalReviews).toBe(ratings.length);
  expect(recipe.avgRating).toBe(ratings.length ? Math.round((sum / ratings.length) * 100) / 100 : 0);
  const stored = await ctx.database.pool.query(
    `SELECT r.rating_sum, r.total_reviews,
            (SELECT coalesce(sum(rating), 0)::int FROM reviews WHERE recipe_id = r.id) AS actual_sum,
            (SELECT count(*)::int FROM reviews WHERE recipe_id = r.id) AS actual_count
     FROM recipes r WHERE r.id = $1`,
    [recipeId],
  );
  expect(stored.rows[0]).toEqual({
    rating_sum: sum,
    total_reviews: ratings.length,
    actual_sum: sum,
    actual_count: ratings.length,
  });
}

describe('concurrent review writes', () => {
  it('keeps avgRating and totalReviews exact through concurrent creates, updates and deletes', async () => {
    const recipeId = await createRecipe(ctx.app, author.jar);
    const first = reviewers.map((_, index) => (index % 5) + 1);
    const created = await Promise.all(
      reviewers.map((reviewer, index) =>
        call(ctx.app, 'POST', `/reviews/create/${recipeId}`, {
          jar: reviewer.jar,
          payload: { rating: first[index], comment: `take ${index}` },
        }),
      ),
    );
    const reviewIds = created.map((response) => expectOk(response, 201)._id as string);
    await expectRating(recipeId, first);

    const second = reviewers.map((_, index) => 5 - (index % 5));
    const updated = await Promise.all(
      reviewers.map((reviewer, index) =>
        call(ctx.app, 'PATCH', `/reviews/${reviewIds[index]}/update`, {
          jar: reviewer.jar,
          payload: { rating: second[index], comment: 'changed my mind' },
        }),
      ),
    );
    for (const response of updated) expectOk(response);
    await expectRating(recipeId, second);

    // Half delete while the other half update again, all at once.
    const third = reviewers.map((_, index) => (index % 2 === 0 ? null : ((index * 3) % 5) + 1));
    const mixed = await Promise.all(
      reviewers.map((reviewer, index) =>
        third[index] === null
          ? call(ctx.app, 'DELETE', `/reviews/${reviewIds[index]}/delete`, { jar: reviewer.jar })
          : call(ctx.app, 'PATCH', `/reviews/${reviewIds[index]}/update`, {
              jar: reviewer.jar,
              payload: { rating: third[index] },
            }),
      ),
    );
    for (const response of mixed) expectOk(response);
    await expectRating(
      recipeId,
      third.filter((rating): rating is number => rating !== null),
    );

    // Everyone left deletes at once: back to zero.
    const rest = reviewers
      .map((reviewer, index) => ({ reviewer, id: reviewIds[index] }))
      .filter((_, index) => third[index] !== null);
    const deleted = await Promise.all(
      rest.map(({ reviewer, id }) => call(ctx.app, 'DELETE', `/reviews/${id}/delete`, { jar: reviewer.jar })),
    );
    for (const response of deleted) expectOk(response);
    await expectRating(recipeId, []);
  });

  it('leaves exactly one review when one user sends 20 at once', async () => {
    const recipeId = await createRecipe(ctx.app, author.jar);
    const [reviewer] = reviewers;
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        call(ctx.app, 'POST', `/reviews/create/${recipeId}`, {
          jar: reviewer!.jar,
          payload: { rating: (index % 5) + 1, comment: `attempt ${index}` },
        }),
      ),
    );
    const codes = responses.map((response) => response.statusCode).sort();
    expect(codes).toEqual([201, ...Array<number>(19).fill(409)]);
    for (const response of responses.filter((item) => item.statusCode === 409)) {
      expect(response.json()).toEqual({
        success: false,
        statusCode: 409,
        message: 'You already reviewed this recipe!',
      });
    }
    const winner = responses.find((response) => response.statusCode === 201)!.json().data;
    await expectRating(recipeId, [winner.rating]);
  });

  it('keeps two recipes apart when their reviews are written at the same moment', async () => {
    const a = await createRecipe(ctx.app, author.jar, { title: 'Recipe A' });
    const b = await createRecipe(ctx.app, author.jar, { title: 'Recipe B' });
    const responses = await Promise.all(
      reviewers.flatMap((reviewer) => [
        call(ctx.app, 'POST', `/reviews/create/${a}`, { jar: reviewer.jar, payload: { rating: 5 } }),
        call(ctx.app, 'POST', `/reviews/create/${b}`, { jar: reviewer.jar, payload: { rating: 1 } }),
      ]),
    );
    for (const response of responses) expectOk(response, 201);
    await expectRating(
      a,
      reviewers.map(() => 5),
    );
    await expectRating(
      b,
      reviewers.map(() => 1),
    );
  });
});
