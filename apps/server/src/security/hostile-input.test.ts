import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type CookieJar, type TestContext } from '../test/app.js';
import { call, createRecipe, defaultRecipe, expectError, expectOk, postRecipe } from '../test/fixtures.js';
import { stateFingerprint } from '../test/state.js';

let ctx: TestContext;
let author: { id: string; jar: CookieJar };
let critic: { id: string; jar: CookieJar };
let recipeId: string;
let reviewId: string;

beforeAll(async () => {
  ctx = await createTestApp({ AUTH_RATE_LIMIT_MAX: '1000' });
  author = await registerUser(ctx.app, 'Hostile Author');
  critic = await registerUser(ctx.app, 'Hostile Critic');
  recipeId = await createRecipe(ctx.app, author.jar, { title: 'Plain Porridge' });
  const review = await call(ctx.app, 'POST', `/reviews/create/${recipeId}`, {
    jar: critic.jar,
    payload: { rating: 3, comment: 'fine' },
  });
  reviewId = expectOk(review, 201)._id;
});
afterAll(async () => {
  await ctx.close();
});

/** A refusal is a 4xx in the envelope that gives nothing of the server's insides away. */
function expectRefused(response: LightMyRequestResponse, what: string): void {
  expect(response.statusCode, `${what}: ${response.body}`).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, `${what}: ${response.body}`).toBeLessThan(500);
  expectError(response, response.statusCode);
  expect(response.body, what).not.toMatch(/SELECT|INSERT|UPDATE |syntax|stack|node_modules|\.ts:|ZodError/);
}

const rawJson = (method: 'POST' | 'PATCH', path: string, body: string, contentType = 'application/json') =>
  ctx.app.inject({
    method,
    url: `/api/v1${path}`,
    headers: { 'content-type': contentType, cookie: critic.jar.header() },
    payload: body,
  });

describe('bodies that are not what they claim', () => {
  it('refuses bad JSON, empty JSON, foreign content types and non-object bodies, changing nothing', async () => {
    const before = await stateFingerprint(ctx.database.pool, ctx.config.uploadsDir);
    const cases: Array<[string, string, string | undefined, string]> = [
      ['{"rating": 5,', 'application/json', 'The request body is not valid JSON', 'truncated'],
      ["{'rating': 5}", 'application/json', 'The request body is not valid JSON', 'single quotes'],
      ['', 'application/json', 'The request body is empty', 'empty'],
      ['rating=5', 'application/x-www-form-urlencoded', 'Unsupported content type', 'a form'],
      ['{"rating": 5}', 'text/plain', 'Invalid input: expected object, received string', 'text/plain'],
      ['null', 'application/json', undefined, 'null'],
      ['[5, "great"]', 'application/json', undefined, 'an array'],
      ['"5"', 'application/json', undefined, 'a string'],
    ];
    for (const [body, contentType, message, what] of cases) {
      const response = await rawJson('POST', `/reviews/create/${recipeId}`, body, contentType);
      expectRefused(response, what);
      if (message) expect(response.json().message, what).toBe(message);
    }
    expect(await stateFingerprint(ctx.database.pool, ctx.config.uploadsDir)).toBe(before);
  });

  it('refuses wrong types in every field with the field message', async () => {
    const update = (changes: object) => ({ ...defaultRecipe, isPublished: true, ...changes });
    const cases: Array<[method: 'POST' | 'PATCH', path: string, body: object, message: string]> = [
      ['POST', `/reviews/create/${recipeId}`, { rating: '5' }, 'Rating is required'],
      ['POST', `/reviews/create/${recipeId}`, { rating: 4.5 }, 'Rating must be between 1 and 5'],
      ['POST', `/reviews/create/${recipeId}`, { rating: 1e308 }, 'Rating must be between 1 and 5'],
      ['POST', `/reviews/create/${recipeId}`, { rating: [5] }, 'Rating is required'],
      [
        'POST',
        `/reviews/create/${recipeId}`,
        { rating: 5, comment: { text: 'hi' } },
        'Invalid input: expected string, received object',
      ],
      ['PATCH', `/reviews/${reviewId}/update`, { rating: true }, 'Rating is required'],
      ['PATCH', `/recipes/${recipeId}/update-recipe`, update({ title: ['Soup'] }), 'Recipe title is required'],
      [
        'PATCH',
        `/recipes/${recipeId}/update-recipe`,
        update({ cookingTime: { minutes: 5 } }),
        'Cooking time is required',
      ],
      [
        'PATCH',
        `/recipes/${recipeId}/update-recipe`,
        update({ cookingTime: '1e3' }),
        'Enter valid cooking time in minutes (e.g. 25)',
      ],
      [
        'PATCH',
        `/recipes/${recipeId}/update-recipe`,
        update({ cookingTime: -1 }),
        'Cooking time cannot be less than 0',
      ],
      ['PATCH', `/recipes/${recipeId}/update-recipe`, update({ ingredients: 'salt' }), 'Ingredient cannot be empty'],
      ['PATCH', `/recipes/${recipeId}/update-recipe`, update({ steps: [1, 2] }), 'Steps cannot be empty'],
      ['PATCH', `/recipes/${recipeId}/update-recipe`, update({ isPublished: 'yes' }), 'Invalid input'],
      ['PATCH', '/users/update-details', { name: null }, 'Name cannot be empty'],
      ['PATCH', '/users/update-details', { name: 42 }, 'Name cannot be empty'],
      ['PATCH', '/users/update-password', { curPassword: 1, newPassword: 2 }, 'This is required field'],
      ['POST', '/users/login', { email: ['a@b.co'], password: 'x' }, 'Email is required'],
      ['POST', '/users/login', { email: 'a@b.co', password: { $ne: '' } }, 'Password is required'],
    ];
    const before = await stateFingerprint(ctx.database.pool, ctx.config.uploadsDir);
    for (const [method, path, body, message] of cases) {
      const jar = path.includes('update-recipe') ? author.jar : critic.jar;
      const response = await call(ctx.app, method, path, { jar, payload: body });
      expectRefused(response, `${path} ${JSON.stringify(body)}`);
      expect(response.json().message, `${path} ${JSON.stringify(body)}`).toBe(message);
    }
    for (const query of ['page=abc', 'page=0', 'page=-1', 'page=1.5', 'limit=1e9', 'limit=49', 'page=1&page=2']) {
      expectRefused(await call(ctx.app, 'GET', `/recipes/all?${query}`), query);
    }
    expectRefused(await call(ctx.app, 'GET', `/reviews/view-all/${recipeId}?page=NaN`), 'page=NaN');
    expectRefused(await call(ctx.app, 'GET', '/recipes/search?query=a&query=b'), 'query twice');
    expect(await stateFingerprint(ctx.database.pool, ctx.config.uploadsDir)).toBe(before);
  });

  it('refuses strings over their limits, however long', async () => {
    const before = await stateFingerprint(ctx.database.pool, ctx.config.uploadsDir);
    const recipe = (changes: object) => ({ ...defaultRecipe, isPublished: true, ...changes });
    for (const size of [1, 200 * 1024]) {
      const cases: Array<[method: 'POST' | 'PATCH', path: string, body: object, message: string]> = [
        [
          'POST',
          `/reviews/create/${recipeId}`,
          { rating: 5, comment: 'x'.repeat(250 + size) },
          'Only 250 characters allowed',
        ],
        [
          'PATCH',
          `/recipes/${recipeId}/update-recipe`,
          recipe({ title: 'T'.repeat(100 + size) }),
          'Recipe title should be at most 100 characters',
        ],
        [
          'PATCH',
          `/recipes/${recipeId}/update-recipe`,
          recipe({ introduction: 'i'.repeat(2000 + size) }),
          'Introduction should be at most 2000 characters',
        ],
        [
          'PATCH',
          `/recipes/${recipeId}/update-recipe`,
          recipe({ steps: ['s'.repeat(1000 + size)] }),
          'Each entry should be at most 1000 characters',
        ],
        ['PATCH', '/users/update-details', { name: 'n'.repeat(60 + size) }, 'Name should be at most 60 characters'],
      ];
      for (const [method, path, body, message] of cases) {
        const jar = path.includes('update-recipe') ? author.jar : critic.jar;
        const response = await call(ctx.app, method, path, { jar, payload: body });
        expectRefused(response, `${path} +${size}`);
        expect(response.json().message).toBe(message);
      }
    }
    const tooMany = await call(ctx.app, 'PATCH', `/recipes/${recipeId}/update-recipe`, {
      jar: author.jar,
      payload: recipe({ ingredients: Array.from({ length: 101 }, () => 'salt') }),
    });
    expectError(tooMany, 400, 'A recipe can have at most 100 ingredients');
    const created = await postRecipe(ctx.app, author.jar, { ...defaultRecipe, introduction: 'i'.repeat(60 * 1024) });
    expectError(created, 400, 'Introduction should be at most 2000 characters');
    expectError(
      await call(ctx.app, 'GET', `/recipes/search?query=${'q'.repeat(5000)}`),
      400,
      'Search text should be at most 200 characters',
    );
    expectError(
      await call(ctx.app, 'GET', `/recipes/view-recipe-by-name/${'q'.repeat(5000)}`),
      414,
      'The address is too long',
    );
    expectError(await call(ctx.app, 'GET', `/recipes/${'f'.repeat(400)}/view-recipe`), 414, 'The address is too long');
    // A broken %-escape, where a path parameter or a query value is read.
    for (const path of ['/recipes/view-recipe-by-name/%E0%A4%A', '/recipes/%zz/view-recipe', '/%zz']) {
      const response = await call(ctx.app, 'GET', path);
      expectError(response, 400, 'The address is not valid');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
    // In a query string the broken escape is kept as typed: just text that matches nothing.
    expect(expectOk(await call(ctx.app, 'GET', '/recipes/search?query=%E0%A4%A')).recipes).toEqual([]);
    const huge = await call(ctx.app, 'POST', '/users/login', {
      payload: { email: 'a@b.co', password: 'p'.repeat(300 * 1024) },
    });
    expectError(huge, 413, 'The request body is too large');
    expect(await stateFingerprint(ctx.database.pool, ctx.config.uploadsDir)).toBe(before);
  });

  it('survives JSON nested 100,000 levels deep, in a known field and in an unknown one', async () => {
    const deepArray = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const deepObject = `${'{"a":'.repeat(40_000)}1${'}'.repeat(40_000)}`;
    for (const deep of [deepArray, deepObject]) {
      const known = await rawJson('POST', `/reviews/create/${recipeId}`, `{"rating":${deep}}`);
      expectError(known, 400, 'Rating is required');
      const unknown = await rawJson('PATCH', '/users/update-details', `{"name":"Deep Critic","extra":${deep}}`);
      expect(expectOk(unknown).user.name).toBe('Deep Critic');
    }
    expectOk(await call(ctx.app, 'GET', '/health/ready'));
  });
});

describe('prototype pollution', () => {
  it('gives __proto__ and constructor keys no effect, in JSON, query strings and form fields', async () => {
    const polluted = () =>
      (({}) as Record<string, unknown>).polluted ?? (Object.prototype as Record<string, unknown>).isAdmin;
    const json =
      '{"name":"Proto Critic","__proto__":{"polluted":"yes","isAdmin":true},' +
      '"constructor":{"prototype":{"polluted":"yes"}}}';
    expect(expectOk(await rawJson('PATCH', '/users/update-details', json)).user).not.toHaveProperty('isAdmin');
    const review = `{"rating":4,"comment":"ok","__proto__":{"rating":1},"constructor":{"prototype":{"rating":1}}}`;
    const updated = expectOk(await rawJson('PATCH', `/reviews/${reviewId}/update`, review));
    expect(updated.rating).toBe(4);
    expectOk(await call(ctx.app, 'GET', '/recipes/all?__proto__[polluted]=yes&constructor[prototype][polluted]=yes'));
    expectOk(await call(ctx.app, 'GET', '/recipes/all?__proto__=1&constructor=2&prototype=3'));
    for (const field of ['__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'toString']) {
      const response = await postRecipe(ctx.app, author.jar, { ...defaultRecipe, [field]: 'polluted' });
      expect([201, 400], field).toContain(response.statusCode);
      if (response.statusCode === 201) {
        const id = response.json().data._id;
        expectOk(await call(ctx.app, 'DELETE', `/recipes/${id}/delete-recipe`, { jar: author.jar }));
      }
    }
    expect(polluted()).toBeUndefined();
    const user = expectOk(await call(ctx.app, 'GET', '/users/current', { jar: critic.jar })).user;
    expect(Object.keys(user).sort()).toEqual(['_id', 'avatar', 'createdAt', 'email', 'name']);
  });
});
