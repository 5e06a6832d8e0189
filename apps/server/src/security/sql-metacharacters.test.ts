import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, multipart, registerUser, type CookieJar, type TestContext } from '../test/app.js';
import {
  call,
  createRecipe,
  defaultRecipe,
  expectError,
  expectOk,
  makeImage,
  postRecipe,
  uploadedFiles,
} from '../test/fixtures.js';
import { tableCounts } from '../test/state.js';

let ctx: TestContext;
let author: { id: string; jar: CookieJar };
let critic: { id: string; jar: CookieJar };
let plainId: string;
let nastyId: string;

/** Text that breaks queries built by string concatenation, LIKE patterns, tsquery syntax or naive escaping. */
const NASTY = [
  "' OR '1'='1",
  "'; DROP TABLE recipes; --",
  '" OR ""="',
  '\\',
  "\\'; SELECT pg_sleep(0); --",
  '%',
  '_',
  '%_%',
  '$1 $2',
  '$$ quoted $$',
  '/* comment */ --',
  'a & b | !c <-> d:* (e)',
  "E'\\x27'",
  '::text[]',
  '{"a": 1}',
  '{1,2}',
  'ARRAY[1]',
  'née crème brûlée 🍲',
  '\u202Ereversed',
];

beforeAll(async () => {
  ctx = await createTestApp({ AUTH_RATE_LIMIT_MAX: '1000' });
  author = await registerUser(ctx.app, 'Quote Author');
  critic = await registerUser(ctx.app, 'Quote Critic');
  // Two plain recipes whose words share nothing with the nasty text.
  const plain = { introduction: 'Warm and simple.', ingredients: ['oats', 'milk'], steps: ['stir gently'] };
  plainId = await createRecipe(ctx.app, author.jar, { ...plain, title: 'Plain Porridge' });
  await createRecipe(ctx.app, author.jar, { ...plain, title: 'Tomato Soup' });
});
afterAll(async () => {
  await ctx.close();
});

describe('SQL metacharacters', () => {
  it('stores them verbatim in every text field of a recipe, on create and on update', async () => {
    const id = (nastyId = await createRecipe(ctx.app, author.jar, {
      title: 'Robert-- DROP TABLE recipes/ 1',
      introduction: NASTY.join(' '),
      ingredients: NASTY,
      steps: [...NASTY].reverse(),
    }));
    const created = expectOk(await call(ctx.app, 'GET', `/recipes/${id}/view-recipe`));
    expect(created).toMatchObject({
      title: 'Robert-- DROP TABLE recipes/ 1',
      introduction: NASTY.join(' '),
      ingredients: NASTY,
      steps: [...NASTY].reverse(),
    });
    const updated = expectOk(
      await call(ctx.app, 'PATCH', `/recipes/${id}/update-recipe`, {
        jar: author.jar,
        payload: {
          title: 'Robert-- DROP TABLE recipes/ 2',
          introduction: NASTY.slice(1).join('\n'),
          cookingTime: '15',
          ingredients: [...NASTY].reverse(),
          steps: NASTY,
          isPublished: true,
        },
      }),
    );
    expect(updated).toMatchObject({ introduction: NASTY.slice(1).join('\n'), ingredients: [...NASTY].reverse() });
    expect(updated.steps).toEqual(NASTY);
    expect(await tableCounts(ctx.database.pool)).toMatchObject({ recipes: 3 });
  });

  it('stores them verbatim in reviews and names, and in emails and passwords that still log in', async () => {
    for (const comment of NASTY) {
      const review = await call(ctx.app, 'POST', `/reviews/create/${plainId}`, {
        jar: critic.jar,
        payload: { rating: 2, comment },
      });
      const id = expectOk(review, 201)._id;
      expect(expectOk(await call(ctx.app, 'GET', `/reviews/${id}/view`)).comment).toBe(comment);
      expectOk(await call(ctx.app, 'DELETE', `/reviews/${id}/delete`, { jar: critic.jar }));
    }
    for (const name of NASTY.filter((text) => text.trim() === text)) {
      const response = await call(ctx.app, 'PATCH', '/users/update-details', { jar: critic.jar, payload: { name } });
      expect(expectOk(response).user.name).toBe(name);
    }
    const email = "o'brien+%_--@example.com";
    const password = "' OR '1'='1' --";
    const registered = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users/register',
      ...multipart({ name: "O'Brien; DROP TABLE users; --", email, password }),
    });
    expect(expectOk(registered, 201).user).toMatchObject({ name: "O'Brien; DROP TABLE users; --", email });
    expectOk(await call(ctx.app, 'POST', '/users/login', { payload: { email, password } }));
    for (const [guessEmail, guessPassword] of [
      [email, "' OR '1'='1"],
      ["o'brien+%_--@example.com'--", password],
      ['%@example.com', password],
      ['_@example.com', "' OR 1=1 --"],
    ] as const) {
      const login = await call(ctx.app, 'POST', '/users/login', {
        payload: { email: guessEmail, password: guessPassword },
      });
      expectError(login, 401, 'Invalid email or password');
    }
    expect(await tableCounts(ctx.database.pool)).toMatchObject({ users: 3, recipes: 3 });
  });

  it('searches for them literally: never a 500, and only ever the recipe that contains them', async () => {
    for (const text of NASTY) {
      const query = encodeURIComponent(text);
      const suggestions = expectOk(await call(ctx.app, 'GET', `/recipes/search?query=${query}`)).recipes;
      const byName = expectOk(await call(ctx.app, 'GET', `/recipes/view-recipe-by-name/${query}`));
      for (const found of [...suggestions, ...byName]) expect(found._id, text).toBe(nastyId);
    }
    // LIKE wildcards are matched as characters, and no title contains them.
    for (const wildcard of ['%', '_', '%%', '\\', '%_%']) {
      const query = encodeURIComponent(wildcard);
      expect(expectOk(await call(ctx.app, 'GET', `/recipes/search?query=${query}`)).recipes, wildcard).toEqual([]);
      expect(expectOk(await call(ctx.app, 'GET', `/recipes/view-recipe-by-name/${query}`)), wildcard).toEqual([]);
    }
    // The recipe whose title looks like an attack is found by that text like any other.
    const found = expectOk(await call(ctx.app, 'GET', `/recipes/search?query=${encodeURIComponent('Robert-- DROP')}`));
    expect(found.recipes.map((recipe: { title: string }) => recipe.title)).toEqual(['Robert-- DROP TABLE recipes/ 2']);
    const byName = expectOk(
      await call(ctx.app, 'GET', `/recipes/view-recipe-by-name/${encodeURIComponent('DROP TABLE')}`),
    );
    expect(byName.map((recipe: { title: string }) => recipe.title)).toEqual(['Robert-- DROP TABLE recipes/ 2']);
  });

  it('refuses a NUL character in any text with 400, storing nothing', async () => {
    const before = await tableCounts(ctx.database.pool);
    const message = 'The text contains a character that is not allowed';
    const withPhoto = await postRecipe(
      ctx.app,
      author.jar,
      { ...defaultRecipe, introduction: 'before\u0000after' },
      { bytes: await makeImage('jpeg') },
    );
    expectError(withPhoto, 400, message);
    const update = {
      ...defaultRecipe,
      steps: ['one\u0000two'],
      isPublished: true,
    };
    expectError(
      await call(ctx.app, 'PATCH', `/recipes/${plainId}/update-recipe`, { jar: author.jar, payload: update }),
      400,
      message,
    );
    const review = { rating: 3, comment: 'nul\u0000byte' };
    expectError(
      await call(ctx.app, 'POST', `/reviews/create/${plainId}`, { jar: critic.jar, payload: review }),
      400,
      message,
    );
    expectError(
      await call(ctx.app, 'PATCH', '/users/update-details', { jar: critic.jar, payload: { name: 'a\u0000b' } }),
      400,
      message,
    );
    const register = multipart({ name: 'Nul\u0000Name', email: 'nul@example.com', password: 'nul pass phrase' });
    expectError(await ctx.app.inject({ method: 'POST', url: '/api/v1/users/register', ...register }), 400, message);
    expectError(
      await call(ctx.app, 'POST', '/users/login', { payload: { email: 'a\u0000@b.co', password: 'x' } }),
      400,
      message,
    );
    expectError(await call(ctx.app, 'GET', '/recipes/search?query=to%00mato'), 400, message);
    expectError(await call(ctx.app, 'GET', '/recipes/view-recipe-by-name/to%00mato'), 400, message);
    expect(await tableCounts(ctx.database.pool)).toEqual(before);
    expect(uploadedFiles(ctx.config.uploadsDir)).toEqual([]);
  });
});
