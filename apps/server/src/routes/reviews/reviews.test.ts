import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type CookieJar, type TestContext } from '../../test/app.js';
import {
  call,
  commitOnceBlocking,
  createRecipe,
  expectError,
  expectOk,
  MALFORMED_ID,
  UNKNOWN_ID,
} from '../../test/fixtures.js';

let ctx: TestContext;
let author: { id: string; jar: CookieJar };
let reviewer: { id: string; jar: CookieJar };
let other: { id: string; jar: CookieJar };

beforeAll(async () => {
  ctx = await createTestApp();
  author = await registerUser(ctx.app, 'Ada Author');
  reviewer = await registerUser(ctx.app, 'Rex Reviewer');
  other = await registerUser(ctx.app, 'Olive Other');
});
afterAll(async () => {
  await ctx.close();
});

const create = (recipeId: string, jar: CookieJar | undefined, payload: unknown) =>
  call(ctx.app, 'POST', `/reviews/create/${recipeId}`, { jar, payload });

async function ratingOf(recipeId: string, jar?: CookieJar) {
  const recipe = expectOk(await call(ctx.app, 'GET', `/recipes/${recipeId}/view-recipe`, { jar }));
  return { avgRating: recipe.avgRating, totalReviews: recipe.totalReviews };
}

describe('POST /reviews/create/{recipeId}', () => {
  it('creates a review with its owner and updates the recipe rating', async () => {
    const recipeId = await createRecipe(ctx.app, author.jar);
    const review = expectOk(await create(recipeId, reviewer.jar, { rating: 4, comment: '  Lovely soup  ' }), 201);
    expect(review).toMatchObject({
      recipe: recipeId,
      rating: 4,
      comment: 'Lovely soup',
      owner: { _id: reviewer.id, name: 'Rex Reviewer', avatar: { isDefault: true } },
    });
    expect(typeof review._id).toBe('string');
    expect(new Date(review.updatedAt).toString()).not.toBe('Invalid Date');
    expect(await ratingOf(recipeId)).toEqual({ avgRating: 4, totalReviews: 1 });

    expectOk(await create(recipeId, other.jar, { rating: 1 }), 201);
    expect(await ratingOf(recipeId)).toEqual({ avgRating: 2.5, totalReviews: 2 });
  });

  it('allows one review per user per recipe (409)', async () => {
    const recipeId = await createRecipe(ctx.app, author.jar);
    expectOk(await create(recipeId, reviewer.jar, { rating: 5, comment: 'first' }), 201);
    expectError(
      await create(recipeId, reviewer.jar, { rating: 1, comment: 'again' }),
      409,
      'You already reviewed this recipe!',
    );
    expect(await ratingOf(recipeId)).toEqual({ avgRating: 5, totalReviews: 1 });
  });

  it('does not let an author review their own recipe (403), published or draft', async () => {
    const published = await createRecipe(ctx.app, author.jar);
    const draft = await createRecipe(ctx.app, author.jar, { isPublished: 'false' });
    expectError(await create(published, author.jar, { rating: 5 }), 403, 'You cannot review your own recipe');
    expectError(await create(draft, author.jar, { rating: 5 }), 403, 'You cannot review your own recipe');
  });

  it('ignores an owner, recipe or rating total sent by the client', async () => {
    const recipeId = await createRecipe(ctx.app, author.jar);
    const payload = { rating: 3, comment: 'ok', owner: { _id: other.id }, ownerId: other.id, recipe: UNKNOWN_ID };
    const review = expectOk(await create(recipeId, reviewer.jar, payload), 201);
    expect(review.owner._id).toBe(reviewer.id);
    expect(review.recipe).toBe(recipeId);
  });

  it('validates rating and comment with the spec messages', async () => {
    const recipeId = await createRecipe(ctx.app, author.jar);
    const cases: Array<[unknown, string]> = [
      [{ comment: 'no rating' }, 'Rating is required'],
      [{ rating: null }, 'Rating is required'],
      [{ rating: 0 }, 'Rating must be between 1 and 5'],
      [{ rating: 6 }, 'Rating must be between 1 and 5'],
      [{ rating: 2.5 }, 'Rating must be between 1 and 5'],
      [{ rating: 3, comment: 'x'.repeat(251) }, 'Only 250 characters allowed'],
    ];
    for (const [payload, message] of cases) expectError(await create(recipeId, reviewer.jar, payload), 400, message);
    expectOk(await create(recipeId, reviewer.jar, { rating: 5, comment: 'y'.repeat(250) }), 201);
  });

  it('refuses anonymous (401), unknown recipes (404), drafts of others (404) and malformed ids (400)', async () => {
    const recipeId = await createRecipe(ctx.app, author.jar);
    const draft = await createRecipe(ctx.app, author.jar, { isPublished: 'false' });
    expectError(await create(recipeId, undefined, { rating: 5 }), 401);
    expectError(await create(UNKNOWN_ID, reviewer.jar, { rating: 5 }), 404, 'Recipe not found');
    expectError(await create(draft, reviewer.jar, { rating: 5 }), 404, 'Recipe not found');
    expectError(await create(MALFORMED_ID, reviewer.jar, { rating: 5 }), 400, 'Invalid id');
  });
});

describe('reading, updating and deleting one review', () => {
  it('shows a review to anyone, and finds it by user and recipe', async () => {
    const recipeId = await createRecipe(ctx.app, author.jar);
    const review = expectOk(await create(recipeId, reviewer.jar, { rating: 4, comment: 'good' }), 201);
    for (const jar of [undefined, other.jar]) {
      expect(expectOk(await call(ctx.app, 'GET', `/reviews/${review._id}/view`, { jar }))).toEqual(review);
      expect(expectOk(await call(ctx.app, 'GET', `/reviews/view/${reviewer.id}/${recipeId}`, { jar }))).toEqual(review);
    }
    expectError(await call(ctx.app, 'GET', `/reviews/view/${other.id}/${recipeId}`), 404, 'Review not found');
    expectError(await call(ctx.app, 'GET', `/reviews/view/${UNKNOWN_ID}/${recipeId}`), 404, 'Review not found');
    expectError(await call(ctx.app, 'GET', `/reviews/view/${reviewer.id}/${UNKNOWN_ID}`), 404);
    expectError(await call(ctx.app, 'GET', `/reviews/view/${MALFORMED_ID}/${recipeId}`), 400, 'Invalid id');
    expectError(await call(ctx.app, 'GET', `/reviews/view/${reviewer.id}/${MALFORMED_ID}`), 400, 'Invalid id');
    expectError(await call(ctx.app, 'GET', `/reviews/${UNKNOWN_ID}/view`), 404, 'Review not found');
    expectError(await call(ctx.app, 'GET', `/reviews/${MALFORMED_ID}/view`), 400, 'Invalid id');
  });

  it('lets only the owner update a review, keeping the rating exact', async () => {
    const recipeId = await createRecipe(ctx.app, author.jar);
    const review = expectOk(await create(recipeId, reviewer.jar, { rating: 2, comment: 'meh' }), 201);
    expectOk(await create(recipeId, other.jar, { rating: 4 }), 201);
    const path = `/reviews/${review._id}/update`;
    const payload = { rating: 5, comment: 'Better the next day' };
    expectError(await call(ctx.app, 'PATCH', path, { payload }), 401);
    expectError(
      await call(ctx.app, 'PATCH', path, { jar: other.jar, payload }),
      403,
      'Only the author of this review can change it',
    );
    expectError(await call(ctx.app, 'PATCH', path, { jar: author.jar, payload }), 403);
    expectError(
      await call(ctx.app, 'PATCH', `/reviews/${UNKNOWN_ID}/update`, { jar: reviewer.jar, payload }),
      404,
      'Review not found',
    );
    expectError(
      await call(ctx.app, 'PATCH', `/reviews/${MALFORMED_ID}/update`, { jar: reviewer.jar, payload }),
      400,
      'Invalid id',
    );
    expectError(
      await call(ctx.app, 'PATCH', path, { jar: reviewer.jar, payload: { comment: 'x' } }),
      400,
      'Rating is required',
    );
    expectError(
      await call(ctx.app, 'PATCH', path, { jar: reviewer.jar, payload: { rating: 3, comment: 'z'.repeat(251) } }),
      400,
      'Only 250 characters allowed',
    );
    expect(await ratingOf(recipeId)).toEqual({ avgRating: 3, totalReviews: 2 });

    const updated = expectOk(await call(ctx.app, 'PATCH', path, { jar: reviewer.jar, payload }));
    expect(updated).toMatchObject({
      _id: review._id,
      rating: 5,
      comment: 'Better the next day',
      owner: { _id: reviewer.id },
    });
    expect(Date.parse(updated.updatedAt)).toBeGreaterThanOrEqual(Date.parse(review.updatedAt));
    expect(await ratingOf(recipeId)).toEqual({ avgRating: 4.5, totalReviews: 2 });
  });

  it('lets only the owner delete a review, and then it is gone', async () => {
    const recipeId = await createRecipe(ctx.app, author.jar);
    const review = expectOk(await create(recipeId, reviewer.jar, { rating: 1 }), 201);
    expectOk(await create(recipeId, other.jar, { rating: 5 }), 201);
    const path = `/reviews/${review._id}/delete`;
    expectError(await call(ctx.app, 'DELETE', path), 401);
    expectError(
      await call(ctx.app, 'DELETE', path, { jar: other.jar }),
      403,
      'Only the author of this review can change it',
    );
    expectError(await call(ctx.app, 'DELETE', path, { jar: author.jar }), 403);
    expectError(
      await call(ctx.app, 'DELETE', `/reviews/${UNKNOWN_ID}/delete`, { jar: reviewer.jar }),
      404,
      'Review not found',
    );
    expectError(
      await call(ctx.app, 'DELETE', `/reviews/${MALFORMED_ID}/delete`, { jar: reviewer.jar }),
      400,
      'Invalid id',
    );
    expect(await ratingOf(recipeId)).toEqual({ avgRating: 3, totalReviews: 2 });

    expect(expectOk(await call(ctx.app, 'DELETE', path, { jar: reviewer.jar }))).toEqual({ _id: review._id });
    expect(await ratingOf(recipeId)).toEqual({ avgRating: 5, totalReviews: 1 });
    expectError(await call(ctx.app, 'GET', `/reviews/${review._id}/view`), 404, 'Review not found');
    expectError(await call(ctx.app, 'GET', `/reviews/view/${reviewer.id}/${recipeId}`), 404, 'Review not found');
    expectError(await call(ctx.app, 'DELETE', path, { jar: reviewer.jar }), 404, 'Review not found');
    // After deleting, a new review is allowed again.
    expectOk(await create(recipeId, reviewer.jar, { rating: 3 }), 201);
    expect(await ratingOf(recipeId)).toEqual({ avgRating: 4, totalReviews: 2 });
  });
});

describe('reviews of a draft', () => {
  it('are hidden from everyone but the author once the recipe is unpublished', async () => {
    const recipeId = await createRecipe(ctx.app, author.jar);
    const review = expectOk(await create(recipeId, reviewer.jar, { rating: 4, comment: 'before' }), 201);
    const unpublish = {
      title: 'Tomato Soup',
      introduction: '',
      cookingTime: '20',
      ingredients: ['tomato'],
      steps: ['cook'],
      isPublished: false,
    };
    expectOk(
      await call(ctx.app, 'PATCH', `/recipes/${recipeId}/update-recipe`, { jar: author.jar, payload: unpublish }),
    );

    for (const jar of [undefined, reviewer.jar, other.jar]) {
      expectError(await call(ctx.app, 'GET', `/reviews/${review._id}/view`, { jar }), 404, 'Review not found');
      expectError(await call(ctx.app, 'GET', `/reviews/view-all/${recipeId}`, { jar }), 404, 'Recipe not found');
      expectError(await call(ctx.app, 'GET', `/reviews/view/${reviewer.id}/${recipeId}`, { jar }), 404);
    }
    expectError(await create(recipeId, other.jar, { rating: 5 }), 404, 'Recipe not found');
    expectError(
      await call(ctx.app, 'PATCH', `/reviews/${review._id}/update`, { jar: reviewer.jar, payload: { rating: 1 } }),
      404,
    );

    expect(expectOk(await call(ctx.app, 'GET', `/reviews/${review._id}/view`, { jar: author.jar }))._id).toBe(
      review._id,
    );
    const page = expectOk(await call(ctx.app, 'GET', `/reviews/view-all/${recipeId}`, { jar: author.jar }));
    expect(page.reviews.map((item: { _id: string }) => item._id)).toEqual([review._id]);
    expectOk(await call(ctx.app, 'GET', `/reviews/view/${reviewer.id}/${recipeId}`, { jar: author.jar }));
  });
});

describe('reviews racing a change of their recipe', () => {
  it('answer 404 when the recipe is unpublished or deleted while the review is being written', async () => {
    for (const text of ['UPDATE recipes SET is_published = false WHERE id = $1', 'DELETE FROM recipes WHERE id = $1']) {
      const recipeId = await createRecipe(ctx.app, author.jar);
      let response: Awaited<ReturnType<typeof call>> | undefined;
      await commitOnceBlocking(ctx, { text, values: [recipeId] }, async () => {
        response = await create(recipeId, reviewer.jar, { rating: 5 });
      });
      expectError(response!, 404, 'Recipe not found');
      const left = await ctx.database.pool.query('SELECT count(*)::int AS n FROM reviews WHERE recipe_id = $1', [
        recipeId,
      ]);
      expect(left.rows[0].n).toBe(0);
    }
  });
});
