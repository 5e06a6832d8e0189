import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createTestApp, registerUser, type CookieJar, type TestContext } from '../test/app.js';
import { call, createRecipe, expectError, expectOk, makeImage } from '../test/fixtures.js';
import { stateFingerprint } from '../test/state.js';

let ctx: TestContext;
let secureApp: FastifyInstance;
let cook: { id: string; jar: CookieJar; email: string; password: string };
let recipeId: string;
let photoUrl: string;

beforeAll(async () => {
  ctx = await createTestApp({ AUTH_RATE_LIMIT_MAX: '1000' });
  // The same database behind an instance configured for HTTPS.
  secureApp = await buildApp({ config: { ...ctx.config, cookieSecure: true }, db: ctx.database.db, logger: false });
  await secureApp.ready();
  cook = await registerUser(ctx.app, 'Header Cook');
  recipeId = await createRecipe(ctx.app, cook.jar, {}, { bytes: await makeImage('jpeg') });
  const recipe = expectOk(await call(ctx.app, 'GET', `/recipes/${recipeId}/view-recipe`));
  photoUrl = recipe.recipePhoto;
});
afterAll(async () => {
  await secureApp.close();
  await ctx.close();
});

function directives(header: string | string[] | number | undefined): Map<string, string> {
  const map = new Map<string, string>();
  for (const part of String(header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values.join(' '));
  }
  return map;
}

describe('security headers', () => {
  const urls = () => [
    '/api/v1/recipes/all',
    `/api/v1/recipes/${recipeId}/view-recipe`,
    '/api/v1/no-such-route',
    '/api/v1/openapi.json',
    '/api/v1/docs/static/index.html',
    '/api/v1/health/live',
    photoUrl,
    '/uploads/no-such-file.webp',
  ];

  it('sends a CSP without inline script, with object-src, base-uri and frame-ancestors none, on every response', async () => {
    for (const url of urls()) {
      const response = await ctx.app.inject({ method: 'GET', url });
      const csp = directives(response.headers['content-security-policy']);
      // Own files, and inline only index.html's start-up script by its hash (docs/decisions/015): never unsafe-inline.
      expect(csp.get('script-src'), url).toMatch(/^'self'( 'sha256-[A-Za-z0-9+/]{43}=')*$/);
      expect(csp.get('script-src-attr'), url).toBe("'none'");
      expect(csp.get('object-src'), url).toBe("'none'");
      expect(csp.get('base-uri'), url).toBe("'none'");
      expect(csp.get('frame-ancestors'), url).toBe("'none'");
      expect(csp.get('default-src'), url).toBe("'self'");
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      // Plain HTTP: no HSTS and no upgrade of every request to HTTPS.
      expect(response.headers['strict-transport-security'], url).toBeUndefined();
      expect(csp.has('upgrade-insecure-requests'), url).toBe(false);
    }
  });

  it('sends HSTS and secure cookies only when COOKIE_SECURE is true', async () => {
    for (const url of urls()) {
      const response = await secureApp.inject({ method: 'GET', url });
      expect(response.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
      expect(directives(response.headers['content-security-policy']).has('upgrade-insecure-requests'), url).toBe(true);
    }
    const login = await secureApp.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { email: cook.email, password: cook.password },
    });
    expectOk(login);
    expect(login.cookies.map((cookie) => [cookie.name, cookie.secure, cookie.httpOnly, cookie.sameSite])).toEqual([
      ['accessToken', true, true, 'Lax'],
      ['refreshToken', true, true, 'Lax'],
      ['signedIn', true, undefined, 'Lax'],
    ]);
    const plain = await call(ctx.app, 'POST', '/users/login', {
      payload: { email: cook.email, password: cook.password },
    });
    const sessionCookies = plain.cookies.filter((cookie) => cookie.name !== 'signedIn');
    expect(sessionCookies.every((cookie) => cookie.httpOnly && cookie.sameSite === 'Lax' && !cookie.secure)).toBe(true);
  });

  it('serves uploads as images that cannot be sniffed into anything else', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: photoUrl });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('gives no other site read access (no CORS headers)', async () => {
    const preflight = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/users/current',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
    const read = await call(ctx.app, 'GET', '/users/current', {
      jar: cook.jar,
      headers: { origin: 'https://evil.example' },
    });
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
  });
});

/** Every call of spec section 7 that changes something, with a body that would succeed. */
const STATE_CHANGING: Array<[method: 'POST' | 'PATCH' | 'DELETE', path: (id: string) => string, payload?: object]> = [
  ['POST', () => '/recipes/create-recipe'],
  [
    'PATCH',
    (id) => `/recipes/${id}/update-recipe`,
    { title: 'Evil', ingredients: ['x'], steps: ['y'], cookingTime: 1 },
  ],
  ['PATCH', (id) => `/recipes/${id}/update-recipe-photo`],
  ['PATCH', (id) => `/recipes/${id}/delete-recipe-photo`],
  ['DELETE', (id) => `/recipes/${id}/delete-recipe`],
  ['POST', (id) => `/recipes/${id}/save-recipe`],
  ['DELETE', (id) => `/recipes/${id}/unsave-recipe`],
  ['POST', (id) => `/reviews/create/${id}`, { rating: 1, comment: 'evil' }],
  ['PATCH', (id) => `/reviews/${id}/update`, { rating: 1 }],
  ['DELETE', (id) => `/reviews/${id}/delete`],
  ['POST', () => '/users/register'],
  ['POST', () => '/users/login', { email: 'a@example.com', password: 'whatever1' }],
  ['POST', () => '/users/logout'],
  ['POST', () => '/users/refresh-token'],
  ['PATCH', () => '/users/update-password', { curPassword: 'correct horse battery', newPassword: 'evil pass phrase' }],
  ['PATCH', () => '/users/update-details', { name: 'Evil' }],
  ['PATCH', () => '/users/update-avatar'],
  ['PATCH', () => '/users/remove-avatar'],
  ['DELETE', () => '/users/delete'],
];

describe('cross-site request refusal', () => {
  const crossSite: Array<[string, Record<string, string>]> = [
    ['Origin: https://evil.example', { origin: 'https://evil.example' }],
    ['Origin: null (sandboxed frame)', { origin: 'null' }],
    ['Origin: http://localhost.evil.example', { origin: 'http://localhost.evil.example' }],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site (a sibling subdomain)', { 'sec-fetch-site': 'same-site' }],
  ];

  it.each(crossSite)('refuses every state-changing call with %s (403), changing nothing', async (_name, headers) => {
    const before = await stateFingerprint(ctx.database.pool, ctx.config.uploadsDir);
    for (const [method, path, payload] of STATE_CHANGING) {
      const response = await call(ctx.app, method, path(recipeId), { jar: cook.jar, headers, payload });
      expectError(response, 403, 'Cross-site requests are not allowed');
      expect(response.cookies, `${method} ${path(recipeId)}`).toEqual([]);
    }
    expect(await stateFingerprint(ctx.database.pool, ctx.config.uploadsDir)).toBe(before);
  });

  it('allows the same origin, a request typed by the user, and a client that sends neither header', async () => {
    const sameOrigin: Array<Record<string, string>> = [
      { origin: 'http://localhost:80', 'sec-fetch-site': 'same-origin' },
      // The Host header names the default port, the Origin leaves it out: still the same origin.
      { origin: 'http://localhost' },
      { 'sec-fetch-site': 'none' },
      {},
    ];
    for (const headers of sameOrigin) {
      const response = await call(ctx.app, 'PATCH', '/users/update-details', {
        jar: cook.jar,
        headers,
        payload: { name: 'Header Cook' },
      });
      expect(expectOk(response).user.name, JSON.stringify(headers)).toBe('Header Cook');
    }
    // Reading is not refused: a cross-site GET changes nothing, and the browser keeps the answer from the other site.
    const read = await call(ctx.app, 'GET', '/recipes/all', { headers: { 'sec-fetch-site': 'cross-site' } });
    expectOk(read);
  });
});

describe('no state change on GET', () => {
  it('answers GET and HEAD on every state-changing path without changing anything', async () => {
    const before = await stateFingerprint(ctx.database.pool, ctx.config.uploadsDir);
    for (const [, path] of STATE_CHANGING) {
      for (const method of ['GET', 'HEAD'] as const) {
        const response = await ctx.app.inject({
          method,
          url: `/api/v1${path(recipeId)}`,
          headers: { cookie: cook.jar.header() },
        });
        expect(response.statusCode, `${method} ${path(recipeId)}`).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, `${method} ${path(recipeId)}`).toBeLessThan(500);
      }
    }
    expect(await stateFingerprint(ctx.database.pool, ctx.config.uploadsDir)).toBe(before);
    expectOk(await call(ctx.app, 'GET', '/users/current', { jar: cook.jar }));
  });
});
