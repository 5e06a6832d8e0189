import { IMAGE_WIDTHS } from '@forkful/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, CookieJar, registerUser, type TestContext } from '../test/app.js';
import { imageFileNames } from '../services/images.js';
import {
  call,
  createRecipe,
  defaultRecipe,
  expectError,
  expectOk,
  fileNames,
  makeImage,
  postRecipe,
  upload,
  uploadedFiles,
} from '../test/fixtures.js';

let ctx: TestContext;
let author: { id: string; jar: CookieJar; email: string; password: string };
let critic: { id: string; jar: CookieJar; email: string; password: string };
let photo: Buffer;

beforeAll(async () => {
  ctx = await createTestApp({ AUTH_RATE_LIMIT_MAX: '1000' });
  author = await registerUser(ctx.app, 'Busy Author');
  critic = await registerUser(ctx.app, 'Busy Critic');
  photo = await makeImage('jpeg', { width: 200, height: 150 });
});
afterAll(async () => {
  await ctx.close();
});

/** Every recipe's rating columns agree with its reviews, and every stored photo key has all its files. */
async function expectConsistent(): Promise<void> {
  const ratings = await ctx.database.pool.query(`
    SELECT r.id FROM recipes r
    WHERE r.rating_sum <> (SELECT coalesce(sum(rating), 0) FROM reviews WHERE recipe_id = r.id)
       OR r.total_reviews <> (SELECT count(*) FROM reviews WHERE recipe_id = r.id)`);
  expect(ratings.rows).toEqual([]);
  const keys = await ctx.database.pool.query<{ photo_key: string }>(
    'SELECT photo_key FROM recipes WHERE photo_key IS NOT NULL',
  );
  const expected = keys.rows.flatMap(({ photo_key: key }) => imageFileNames('recipe', key));
  const avatars = await ctx.database.pool.query<{ avatar_key: string }>(
    'SELECT avatar_key FROM users WHERE avatar_key IS NOT NULL',
  );
  expected.push(...avatars.rows.flatMap(({ avatar_key: key }) => imageFileNames('avatar', key)));
  // Exactly the files of the stored keys: none missing, none orphaned, no half-written temporary file.
  expect(uploadedFiles(ctx.config.uploadsDir)).toEqual(expected.sort());
}

describe('concurrent requests of one user', () => {
  it('leaves exactly one review when the same user sends 20 at once', async () => {
    const recipeId = await createRecipe(ctx.app, author.jar);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        call(ctx.app, 'POST', `/reviews/create/${recipeId}`, {
          jar: critic.jar,
          payload: { rating: (n % 5) + 1, comment: `attempt ${n}` },
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, ...Array<number>(19).fill(409)]);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expectError(response, 409, 'You already reviewed this recipe!');
    }
    const rows = await ctx.database.pool.query('SELECT rating FROM reviews WHERE recipe_id = $1', [recipeId]);
    expect(rows.rowCount).toBe(1);
    const recipe = expectOk(await call(ctx.app, 'GET', `/recipes/${recipeId}/view-recipe`));
    expect(recipe).toMatchObject({ totalReviews: 1, avgRating: rows.rows[0].rating });
    await expectConsistent();
  });

  it('keeps the user logged in through 10 simultaneous refreshes with one cookie', async () => {
    const device = new CookieJar();
    expectOk(
      await call(ctx.app, 'POST', '/users/login', {
        jar: device,
        payload: { email: critic.email, password: critic.password },
      }),
    );
    const headers = { cookie: device.header() };
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => ctx.app.inject({ method: 'POST', url: '/api/v1/users/refresh-token', headers })),
    );
    for (const response of responses) expect(expectOk(response).user._id).toBe(critic.id);
    // The browser keeps whatever cookies the answers set, in the order they arrive.
    for (const response of responses) device.store(response);
    expectOk(await call(ctx.app, 'GET', '/users/current', { jar: device }));
    expectOk(await call(ctx.app, 'POST', '/users/refresh-token', { jar: device }));
    expectOk(await call(ctx.app, 'GET', '/users/current', { jar: device }));
    const sessions = await ctx.database.pool.query(
      'SELECT count(*)::int AS n FROM sessions WHERE user_id = $1 AND revoked_at IS NOT NULL',
      [critic.id],
    );
    expect(sessions.rows[0].n).toBe(0);
  });

  it('turns a double-submitted create-recipe into two whole recipes, never a broken one', async () => {
    const fields = { ...defaultRecipe, title: 'Double Submit Pie', ingredients: ['flour', 'butter', 'apples'] };
    const responses = await Promise.all([1, 2, 3].map(() => postRecipe(ctx.app, author.jar, fields, { bytes: photo })));
    const ids = responses.map((response) => expectOk(response, 201)._id as string);
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) {
      const recipe = expectOk(await call(ctx.app, 'GET', `/recipes/${id}/view-recipe`));
      expect(recipe).toMatchObject({
        title: 'Double Submit Pie',
        ingredients: fields.ingredients,
        steps: fields.steps,
      });
      const files = fileNames(recipe.recipePhotoVariants.map((variant: { url: string }) => variant.url));
      expect(files).toHaveLength(IMAGE_WIDTHS.length);
      for (const name of files) expect(uploadedFiles(ctx.config.uploadsDir)).toContain(name);
    }
    await expectConsistent();
  });

  it('stays consistent when saves, reviews, photo changes and edits of one recipe all race', async () => {
    const recipeId = await createRecipe(ctx.app, author.jar, { title: 'Racing Stew' }, { bytes: photo });
    const path = `/recipes/${recipeId}`;
    const edit = { ...defaultRecipe, title: 'Racing Stew', isPublished: true };
    const calls = [
      ...Array.from({ length: 4 }, () => call(ctx.app, 'POST', `${path}/save-recipe`, { jar: critic.jar })),
      ...Array.from({ length: 4 }, () => call(ctx.app, 'DELETE', `${path}/unsave-recipe`, { jar: critic.jar })),
      ...Array.from({ length: 3 }, () =>
        upload(ctx.app, author.jar, `${path}/update-recipe-photo`, { field: 'recipePhoto', bytes: photo }),
      ),
      call(ctx.app, 'PATCH', `${path}/delete-recipe-photo`, { jar: author.jar }),
      ...Array.from({ length: 3 }, () =>
        call(ctx.app, 'PATCH', `${path}/update-recipe`, { jar: author.jar, payload: edit }),
      ),
      call(ctx.app, 'POST', `/reviews/create/${recipeId}`, { jar: critic.jar, payload: { rating: 4 } }),
      call(ctx.app, 'GET', `${path}/check-saved`, { jar: critic.jar }),
    ];
    const responses = await Promise.all(calls);
    for (const response of responses) expect(response.statusCode, response.body).toBeLessThan(300);
    await expectConsistent();
  });

  it('never answers 500 when a recipe is deleted while it is being reviewed, saved and re-photographed', async () => {
    for (let round = 0; round < 3; round++) {
      const recipeId = await createRecipe(ctx.app, author.jar, { title: `Doomed Stew ${round}` }, { bytes: photo });
      const path = `/recipes/${recipeId}`;
      const responses = await Promise.all([
        call(ctx.app, 'POST', `/reviews/create/${recipeId}`, { jar: critic.jar, payload: { rating: 3 } }),
        call(ctx.app, 'POST', `${path}/save-recipe`, { jar: critic.jar }),
        upload(ctx.app, author.jar, `${path}/update-recipe-photo`, { field: 'recipePhoto', bytes: photo }),
        call(ctx.app, 'DELETE', `${path}/delete-recipe`, { jar: author.jar }),
        call(ctx.app, 'GET', `${path}/view-recipe`),
      ]);
      for (const response of responses) expect([200, 201, 404], response.body).toContain(response.statusCode);
      expect(responses[3]?.statusCode).toBe(200);
      await expectConsistent();
    }
  });

  it('never answers 500 when an account is deleted while its owner is still busy in another tab', async () => {
    for (let round = 0; round < 5; round++) {
      const leaving = await registerUser(ctx.app, `Leaving ${round}`);
      const target = await createRecipe(ctx.app, author.jar, { title: `Target ${round}` });
      const responses = await Promise.all([
        postRecipe(ctx.app, leaving.jar, defaultRecipe, { bytes: photo }),
        call(ctx.app, 'POST', `/reviews/create/${target}`, { jar: leaving.jar, payload: { rating: 5 } }),
        call(ctx.app, 'POST', `/recipes/${target}/save-recipe`, { jar: leaving.jar }),
        upload(ctx.app, leaving.jar, '/users/update-avatar', { field: 'avatar', bytes: photo }),
        call(ctx.app, 'POST', '/users/refresh-token', { jar: leaving.jar }),
        call(ctx.app, 'POST', '/users/login', { payload: { email: leaving.email, password: leaving.password } }),
        call(ctx.app, 'PATCH', '/users/update-password', {
          jar: leaving.jar,
          payload: { curPassword: leaving.password, newPassword: 'a different pass phrase' },
        }),
        call(ctx.app, 'DELETE', '/users/delete', { jar: leaving.jar }),
      ]);
      for (const response of responses) expect([200, 201, 401], response.body).toContain(response.statusCode);
      expect(responses.at(-1)?.statusCode).toBe(200);
      const left = await ctx.database.pool.query(
        `SELECT (SELECT count(*) FROM recipes WHERE author_id = $1) + (SELECT count(*) FROM reviews WHERE owner_id = $1)
              + (SELECT count(*) FROM saved_recipes WHERE user_id = $1) + (SELECT count(*) FROM users WHERE id = $1)
              + (SELECT count(*) FROM sessions WHERE user_id = $1) AS n`,
        [leaving.id],
      );
      expect(Number(left.rows[0].n)).toBe(0);
      await expectConsistent();
    }
  });
});
