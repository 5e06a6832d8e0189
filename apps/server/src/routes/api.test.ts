import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, multipart, type TestContext } from '../test/app.js';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

/** Spec section 7, as OpenAPI paths under /api/v1. */
const SECTION_7: Array<[method: string, path: string]> = [
  ['post', '/recipes/create-recipe'],
  ['get', '/recipes/{id}/view-recipe'],
  ['get', '/recipes/view-recipe-by-name/{name}'],
  ['patch', '/recipes/{id}/update-recipe'],
  ['patch', '/recipes/{id}/update-recipe-photo'],
  ['patch', '/recipes/{id}/delete-recipe-photo'],
  ['delete', '/recipes/{id}/delete-recipe'],
  ['post', '/recipes/{id}/save-recipe'],
  ['delete', '/recipes/{id}/unsave-recipe'],
  ['get', '/recipes/all'],
  ['get', '/recipes/saved-recipes'],
  ['get', '/recipes/created-recipes/{userId}'],
  ['get', '/recipes/random-recipes'],
  ['get', '/recipes/{id}/check-saved'],
  ['get', '/recipes/search'],
  ['post', '/reviews/create/{recipeId}'],
  ['get', '/reviews/{reviewId}/view'],
  ['patch', '/reviews/{reviewId}/update'],
  ['delete', '/reviews/{reviewId}/delete'],
  ['get', '/reviews/view-all/{recipeId}'],
  ['get', '/reviews/view/{userId}/{recipeId}'],
  ['post', '/users/register'],
  ['post', '/users/login'],
  ['get', '/users/current'],
  ['post', '/users/logout'],
  ['post', '/users/refresh-token'],
  ['patch', '/users/update-password'],
  ['patch', '/users/update-details'],
  ['patch', '/users/update-avatar'],
  ['patch', '/users/remove-avatar'],
  ['get', '/users/{id}'],
  ['delete', '/users/delete'],
];

describe('OpenAPI', () => {
  it('lists every endpoint of spec section 7 with its responses', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    const missing = SECTION_7.filter(([method, path]) => !document.paths[`/api/v1${path}`]?.[method]);
    expect(missing).toEqual([]);
    for (const [method, path] of SECTION_7) {
      const operation = document.paths[`/api/v1${path}`][method];
      expect(Object.keys(operation.responses ?? {}).length, `${method} ${path}`).toBeGreaterThan(0);
    }
    // Bodies and parameters come from the same zod schemas the routes validate with.
    const login = document.paths['/api/v1/users/login'].post;
    const loginSchema = login.requestBody.content['application/json'].schema;
    expect(Object.keys(loginSchema.properties).sort()).toEqual(['email', 'password']);
    const all = document.paths['/api/v1/recipes/all'].get;
    expect(all.parameters.map((parameter: { name: string }) => parameter.name).sort()).toEqual(['limit', 'page']);
  });

  it('describes the four multipart bodies: their text fields and the binary file', async () => {
    const document = (await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const form = (method: string, path: string) => {
      const content = document.paths[`/api/v1${path}`][method].requestBody?.content;
      expect(Object.keys(content ?? {}), `${method} ${path}`).toEqual(['multipart/form-data']);
      return content['multipart/form-data'].schema;
    };
    const binary = { type: 'string', format: 'binary' };

    const create = form('post', '/recipes/create-recipe');
    expect(Object.keys(create.properties).sort()).toEqual(
      [
        'cookingTime',
        'ingredients',
        'introduction',
        'isPublished',
        'recipePhoto',
        'servings',
        'sourceSiteName',
        'sourceUrl',
        'steps',
        'title',
        'yieldText',
      ].sort(),
    );
    expect(create.required.sort()).toEqual(['cookingTime', 'ingredients', 'steps', 'title']);
    expect(create.properties.recipePhoto).toMatchObject(binary);
    expect(create.properties.ingredients).toMatchObject({ type: 'array', items: { type: 'string' } });
    expect(create.properties.isPublished).toMatchObject({ enum: ['true', 'false'] });

    const photo = form('patch', '/recipes/{id}/update-recipe-photo');
    expect(photo.required).toEqual(['recipePhoto']);
    expect(photo.properties.recipePhoto).toMatchObject(binary);

    const register = form('post', '/users/register');
    expect(Object.keys(register.properties).sort()).toEqual(['avatar', 'email', 'name', 'password']);
    expect(register.required.sort()).toEqual(['email', 'name', 'password']);
    expect(register.properties.avatar).toMatchObject(binary);

    const avatar = form('patch', '/users/update-avatar');
    expect(avatar.required).toEqual(['avatar']);
    expect(avatar.properties.avatar).toMatchObject(binary);

    // Described, not validated by the type provider: a real multipart sign-up still goes through readMultipart.
    const signUp = multipart({ name: 'Form Cook', email: 'form.cook@example.com', password: 'a-long-passphrase' });
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users/register',
      headers: signUp.headers,
      payload: signUp.payload,
    });
    expect(created.statusCode, created.body).toBe(201);
  });

  it('serves the interactive reference at /api/v1/docs', async () => {
    let response = await ctx.app.inject({ method: 'GET', url: '/api/v1/docs' });
    for (let hops = 0; hops < 3 && response.statusCode >= 300 && response.statusCode < 400; hops++) {
      const location = new URL(String(response.headers.location), 'http://localhost/api/v1/docs');
      response = await ctx.app.inject({ method: 'GET', url: location.pathname + location.search });
    }
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });
});

describe('the error envelope', () => {
  it('wraps framework failures too: unknown routes, bad JSON, oversized bodies', async () => {
    const unknown = await ctx.app.inject({ method: 'GET', url: '/api/v1/no-such-thing' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, statusCode: 404, message: 'Route not found' });

    const badJson = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(badJson.json()).toEqual({ success: false, statusCode: 400, message: 'The request body is not valid JSON' });

    const huge = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { email: 'a@b.co', password: 'x'.repeat(300 * 1024) },
    });
    expect(huge.json()).toEqual({ success: false, statusCode: 413, message: 'The request body is too large' });
  });
});
