import { IMAGE_WIDTHS } from '@forkful/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, CookieJar, multipart, registerUser, type TestContext } from '../../test/app.js';
import { call, createRecipe, expectError, expectOk, fileNames, makeImage, uploadedFiles } from '../../test/fixtures.js';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

async function count(sql: string, params: unknown[]): Promise<number> {
  const result = await ctx.database.pool.query(`SELECT count(*)::int AS n FROM ${sql}`, params);
  return result.rows[0].n;
}

const review = (recipeId: string, jar: CookieJar, rating: number) =>
  call(ctx.app, 'POST', `/reviews/create/${recipeId}`, { jar, payload: { rating } }).then((response) =>
    expectOk(response, 201),
  );

describe('DELETE /users/delete', () => {
  it('needs a login', async () => {
    expectError(await call(ctx.app, 'DELETE', '/users/delete'), 401);
  });

  it('removes the user with their recipes, photos, avatar, reviews, saved entries and sessions', async () => {
    const photo = await makeImage('jpeg', { width: 400, height: 300 });
    const avatar = await makeImage('png', { width: 200, height: 200 });

    // The account to delete: an avatar, a published recipe and a draft (both with photos), two sessions.
    const email = 'leaving@example.com';
    const password = 'a long passphrase';
    const jar = new CookieJar();
    const registered = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users/register',
      ...multipart(
        { name: 'Leaving Soon', email, password },
        { field: 'avatar', filename: 'a.png', contentType: 'image/png', bytes: avatar },
      ),
    });
    const leaving = expectOk(registered, 201).user;
    jar.store(registered);
    const secondSession = new CookieJar();
    expectOk(await call(ctx.app, 'POST', '/users/login', { jar: secondSession, payload: { email, password } }));
    const ownRecipe = await createRecipe(ctx.app, jar, { title: 'Leaving Stew' }, { bytes: photo });
    const ownDraft = await createRecipe(
      ctx.app,
      jar,
      { title: 'Leaving Draft', isPublished: 'false' },
      { bytes: photo },
    );

    // Others: a friend whose recipe the leaving user reviewed and saved, and who reviewed and saved theirs.
    const friend = await registerUser(ctx.app, 'Friend');
    const critic = await registerUser(ctx.app, 'Critic');
    const friendRecipe = await createRecipe(ctx.app, friend.jar, { title: 'Friend Pie' }, { bytes: photo });
    await review(friendRecipe, jar, 5);
    await review(friendRecipe, critic.jar, 2);
    await review(ownRecipe, friend.jar, 4);
    expectOk(await call(ctx.app, 'POST', `/recipes/${friendRecipe}/save-recipe`, { jar }));
    expectOk(await call(ctx.app, 'POST', `/recipes/${ownRecipe}/save-recipe`, { jar: friend.jar }));
    // Issue 18: a meal plan (with the friend's recipe), its settings, a calendar feed and a shopping list.
    expectOk(
      await call(ctx.app, 'POST', '/meal-plan', {
        jar,
        payload: { date: '2026-11-30', slot: 'dinner', recipeId: friendRecipe },
      }),
      201,
    );
    expectOk(await call(ctx.app, 'PATCH', '/meal-plan/settings', { jar, payload: { eventMinutes: 20 } }));
    const feedUrl = new URL(expectOk(await call(ctx.app, 'GET', '/meal-plan/calendar-link', { jar })).url).pathname;
    expectOk(
      await call(ctx.app, 'POST', '/shopping-list/from-meal-plan', {
        jar,
        payload: { from: '2026-11-30', to: '2026-11-30' },
      }),
    );
    expectOk(await call(ctx.app, 'POST', '/shopping-list/items', { jar, payload: { text: 'dish soap' } }), 201);
    const plannerTables = [
      'meal_plan_entries',
      'meal_plan_settings',
      'meal_plan_calendar_feeds',
      'shopping_items',
      'shopping_item_sources',
    ];
    for (const table of plannerTables)
      expect(await count(`${table} WHERE user_id = $1`, [leaving._id]), table).toBeGreaterThan(0);
    expect((await ctx.app.inject({ method: 'GET', url: feedUrl })).statusCode).toBe(200);
    const before = expectOk(await call(ctx.app, 'GET', `/recipes/${friendRecipe}/view-recipe`));
    expect(before).toMatchObject({ avgRating: 3.5, totalReviews: 2 });

    const ownRecipeFiles = [ownRecipe, ownDraft].map(
      async (id) => expectOk(await call(ctx.app, 'GET', `/recipes/${id}/view-recipe`, { jar })).recipePhotoVariants,
    );
    const leavingFiles = fileNames([
      ...leaving.avatar.variants.map((variant: { url: string }) => variant.url),
      ...(await Promise.all(ownRecipeFiles)).flat().map((variant: { url: string }) => variant.url),
    ]);
    const friendFiles = fileNames(before.recipePhotoVariants.map((variant: { url: string }) => variant.url));
    expect(leavingFiles).toHaveLength(2 + 2 * IMAGE_WIDTHS.length);
    for (const name of [...leavingFiles, ...friendFiles]) expect(uploadedFiles(ctx.config.uploadsDir)).toContain(name);

    // Delete.
    const response = await call(ctx.app, 'DELETE', '/users/delete', { jar });
    expect(expectOk(response)).toBeNull();
    expect(response.json().message).toBe('Account deleted successfully');
    expect(jar.get('accessToken')).toBeUndefined();
    expect(jar.get('refreshToken')).toBeUndefined();

    // The rows are gone.
    expect(await count('users WHERE id = $1', [leaving._id])).toBe(0);
    expect(await count('recipes WHERE author_id = $1', [leaving._id])).toBe(0);
    expect(await count('reviews WHERE owner_id = $1 OR recipe_id = $2', [leaving._id, ownRecipe])).toBe(0);
    expect(await count('saved_recipes WHERE user_id = $1 OR recipe_id = $2', [leaving._id, ownRecipe])).toBe(0);
    expect(await count('sessions WHERE user_id = $1', [leaving._id])).toBe(0);
    for (const table of plannerTables) expect(await count(`${table} WHERE user_id = $1`, [leaving._id]), table).toBe(0);
    expectError(await ctx.app.inject({ method: 'GET', url: feedUrl }), 404);

    // The files are gone; other people's are not.
    const files = uploadedFiles(ctx.config.uploadsDir);
    for (const name of leavingFiles) expect(files).not.toContain(name);
    for (const name of friendFiles) expect(files).toContain(name);

    // The rating of the recipe they reviewed is recomputed from the reviews that remain.
    const after = expectOk(await call(ctx.app, 'GET', `/recipes/${friendRecipe}/view-recipe`));
    expect(after).toMatchObject({ avgRating: 2, totalReviews: 1 });
    const page = expectOk(await call(ctx.app, 'GET', `/reviews/view-all/${friendRecipe}`));
    expect(page.reviews.map((item: { owner: { _id: string } }) => item.owner._id)).toEqual([critic.id]);

    // Every session is over, the account and its recipes are unknown.
    expectError(await call(ctx.app, 'GET', '/users/current', { jar: secondSession }), 401);
    expectError(await call(ctx.app, 'POST', '/users/refresh-token', { jar: secondSession }), 401);
    expectError(await call(ctx.app, 'POST', '/users/login', { payload: { email, password } }), 401);
    expectError(await call(ctx.app, 'GET', `/users/${leaving._id}`, { jar: friend.jar }), 404, 'User not found');
    expectError(await call(ctx.app, 'GET', `/recipes/created-recipes/${leaving._id}`), 404, 'User not found');
    expectError(await call(ctx.app, 'GET', `/recipes/${ownRecipe}/view-recipe`), 404, 'Recipe not found');
    const saved = expectOk(await call(ctx.app, 'GET', '/recipes/saved-recipes', { jar: friend.jar }));
    expect(saved.recipes).toEqual([]);

    // The email is free again.
    await registerUser(ctx.app, 'Back Again', email);
  });
});
