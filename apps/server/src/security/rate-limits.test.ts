import { randomInt } from 'node:crypto';
import { createServer } from 'node:net';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { Config } from '../config.js';
import { createTestApp, multipart, registerUser, type TestContext } from '../test/app.js';
import { expectError, expectOk } from '../test/fixtures.js';

const REDIS_URL = 'redis://127.0.0.1:6379';
let ctx: TestContext;
let victim: { email: string; password: string };
const extraApps: FastifyInstance[] = [];

beforeAll(async () => {
  // Six log-in, sign-up or refresh attempts a minute per address; five per account and address.
  ctx = await createTestApp({ AUTH_RATE_LIMIT_MAX: '6' });
  victim = await registerUser(ctx.app, 'Victim', 'victim@example.com', 'the real pass phrase');
});
afterAll(async () => {
  for (const app of extraApps) await app.close();
  await ctx.close();
});

/** Another instance of the app on the same database, with some configuration changed. */
async function instance(changes: Partial<Config>): Promise<FastifyInstance> {
  const app = await buildApp({ config: { ...ctx.config, ...changes }, db: ctx.database.db, logger: false });
  await app.ready();
  extraApps.push(app);
  return app;
}

const login = (app: FastifyInstance, remoteAddress: string, email: string, password: string, headers = {}) =>
  app.inject({ method: 'POST', url: '/api/v1/users/login', remoteAddress, headers, payload: { email, password } });

function expectLimited(response: LightMyRequestResponse): void {
  expectError(response, 429);
  // The text and the header name the same wait, in seconds (docs/api.md), even for the 15-minute log-in window.
  const wait = Number(response.headers['retry-after']);
  expect(wait).toBeGreaterThan(0);
  expect(response.json().message).toBe(
    `Too many requests, please try again in ${wait} ${wait === 1 ? 'second' : 'seconds'}`,
  );
}

describe('log-in, sign-up and refresh limits', () => {
  it('limits guesses at one account from one address, while its owner logs in from elsewhere', async () => {
    const attacker = '203.0.113.66';
    for (let guess = 1; guess <= 5; guess++) {
      expectError(
        await login(ctx.app, attacker, victim.email, `wrong guess ${guess}`),
        401,
        'Invalid email or password',
      );
    }
    expectLimited(await login(ctx.app, attacker, victim.email, 'wrong guess 6'));
    // Even the right password is refused to the attacker now ...
    expectLimited(await login(ctx.app, attacker, victim.email, victim.password));
    // ... but the owner, somewhere else, is not locked out.
    expectOk(await login(ctx.app, '198.51.100.7', victim.email, victim.password));
    expectOk(await login(ctx.app, '2001:db8::7', victim.email, victim.password));
  });

  it('limits log-ins per address across accounts, whatever X-Forwarded-For claims', async () => {
    const address = '203.0.113.67';
    for (let n = 1; n <= 6; n++) {
      const forwarded = { 'x-forwarded-for': `192.0.2.${n}` };
      expectError(await login(ctx.app, address, `nobody${n}@example.com`, 'whatever1', forwarded), 401);
    }
    expectLimited(
      await login(ctx.app, address, 'nobody7@example.com', 'whatever1', { 'x-forwarded-for': '192.0.2.99' }),
    );
    expectOk(await login(ctx.app, '198.51.100.8', victim.email, victim.password));
  });

  it('limits sign-ups per address', async () => {
    const address = '203.0.113.68';
    const signUp = (n: number) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/users/register',
        remoteAddress: address,
        ...multipart({ name: `Bot ${n}`, email: `bot${n}@example.com`, password: 'bot pass phrase' }),
      });
    for (let n = 1; n <= 6; n++) expectOk(await signUp(n), 201);
    expectLimited(await signUp(7));
  });

  it('limits refreshes per address', async () => {
    const address = '203.0.113.69';
    const refresh = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/users/refresh-token',
        remoteAddress: address,
        headers: { cookie: 'refreshToken=forged' },
      });
    for (let n = 1; n <= 6; n++) expectError(await refresh(), 401, 'Invalid refresh token');
    expectLimited(await refresh());
  });
});

describe('the general API limit', () => {
  it('answers 429 past RATE_LIMIT_MAX requests a minute from one address, and only to that address', async () => {
    const app = await instance({ rateLimitMax: 5 });
    const get = (remoteAddress: string) => app.inject({ method: 'GET', url: '/api/v1/recipes/all', remoteAddress });
    for (let n = 1; n <= 5; n++) expectOk(await get('203.0.113.70'));
    expectLimited(await get('203.0.113.70'));
    expectOk(await get('203.0.113.71'));
  });

  it('never counts static files: uploaded images and built assets are served past the API limit', async () => {
    const app = await instance({ rateLimitMax: 3 });
    const address = '203.0.113.72';
    for (let n = 1; n <= 8; n++) {
      const image = await app.inject({
        method: 'GET',
        url: '/uploads/recipe-missing-320.webp',
        remoteAddress: address,
      });
      expect(image.statusCode, image.body).toBe(404);
    }
    for (let n = 1; n <= 3; n++) {
      expectOk(await app.inject({ method: 'GET', url: '/api/v1/recipes/all', remoteAddress: address }));
    }
    expectLimited(await app.inject({ method: 'GET', url: '/api/v1/recipes/all', remoteAddress: address }));
  });
});

async function redisReachable(): Promise<boolean> {
  const probe = new Redis(REDIS_URL, {
    connectTimeout: 500,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    lazyConnect: true,
  });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

describe('the shared Redis store', () => {
  it('makes two instances share one limit', async (test) => {
    if (!(await redisReachable())) {
      test.skip(`Redis is not reachable at ${REDIS_URL}: the shared-store test needs it`);
      return;
    }
    // A random documentation-range address keeps this run's keys apart from any other run's.
    const address = `2001:db8:${randomInt(0xffff).toString(16)}::${randomInt(0xffff).toString(16)}`;
    const redis = new Redis(REDIS_URL);
    try {
      const first = await instance({ redisUrl: REDIS_URL, authRateLimitMax: 4, rateLimitMax: 1000 });
      const second = await instance({ redisUrl: REDIS_URL, authRateLimitMax: 4, rateLimitMax: 1000 });
      for (const app of [first, second, first, second]) {
        expectError(await login(app, address, `shared-${randomInt(1e9)}@example.com`, 'whatever1'), 401);
      }
      expectLimited(await login(first, address, 'shared-last@example.com', 'whatever1'));
      expectLimited(await login(second, address, 'shared-last@example.com', 'whatever1'));
      const keys = await redis.keys(`forkful-rl:*${address}*`);
      expect(keys.length).toBeGreaterThan(0);
    } finally {
      const keys = await redis.keys(`forkful-rl:*${address}*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
    }
  });

  it('serves requests when the Redis store is down, and still shuts down', async () => {
    const closed = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const port = (server.address() as { port: number }).port;
        server.close(() => resolve(port));
      });
    });
    const app = await instance({ redisUrl: `redis://127.0.0.1:${closed}` });
    expectOk(await app.inject({ method: 'GET', url: '/api/v1/recipes/all' }));
    expectOk(await login(app, '203.0.113.72', victim.email, victim.password));
  });
});
