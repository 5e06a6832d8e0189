import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { createTestApp, registerUser, type TestContext } from '../test/app.js';
import { expectError, expectOk } from '../test/fixtures.js';

// Issue 22: the rate limits behind a reverse proxy (TRUST_PROXY) and with the shared Redis store down.

let ctx: TestContext;
let victim: { email: string; password: string };
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  ctx = await createTestApp({ AUTH_RATE_LIMIT_MAX: '6' });
  victim = await registerUser(ctx.app, 'Victim', 'proxied-victim@example.com', 'the real pass phrase');
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await ctx.close();
});

async function instance(changes: Partial<Config>, beforeReady?: (app: FastifyInstance) => void) {
  const app = await buildApp({ config: { ...ctx.config, ...changes }, db: ctx.database.db, logger: false });
  beforeReady?.(app);
  await app.ready();
  apps.push(app);
  return app;
}

const login = (app: FastifyInstance, remoteAddress: string, email: string, forwarded?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/users/login',
    remoteAddress,
    headers: forwarded ? { 'x-forwarded-for': forwarded } : {},
    payload: { email, password: 'not the password' },
  });

async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => resolve(port));
    });
  });
}

async function metricsText(app: FastifyInstance): Promise<string> {
  return app.metrics.registry.metrics();
}

describe('with Redis unreachable', () => {
  it('the log-in limit falls back to a per-instance limit, and a metric says the fallback is active', async () => {
    const app = await instance({ redisUrl: `redis://127.0.0.1:${await closedPort()}`, authRateLimitMax: 6 });
    // Before the fix the store's error was skipped (skipOnError): 7 failed log-ins, no 429.
    for (let n = 1; n <= 6; n++) expectError(await login(app, '203.0.113.90', `nobody${n}@example.com`), 401);
    const limited = await login(app, '203.0.113.90', 'nobody7@example.com');
    expectError(limited, 429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The per-account-and-address limit falls back too (5 a quarter of an hour here).
    for (let n = 1; n <= 5; n++) expectError(await login(app, '203.0.113.91', victim.email), 401);
    expectError(await login(app, '203.0.113.91', victim.email), 429);
    // Everything else keeps being served.
    expectOk(await app.inject({ method: 'GET', url: '/api/v1/recipes/all', remoteAddress: '203.0.113.90' }));
    const text = await metricsText(app);
    expect(text).toMatch(/^forkful_rate_limit_fallback 1$/m);
    expect(text).toMatch(/^forkful_rate_limit_fallback_total [1-9]\d*$/m);
  });

  it('an instance without Redis reports no fallback', async () => {
    expect(await metricsText(ctx.app)).toMatch(/^forkful_rate_limit_fallback 0$/m);
  });
});

describe('TRUST_PROXY', () => {
  it('off (the default): a forged X-Forwarded-For changes nothing, neither the limit key nor the logged address', async () => {
    expect(ctx.config.trustProxy).toBe(false);
    let lastIp = '';
    // request.ip is what the rate limits key on and what the request log line records (its req.remoteAddress).
    const app = await instance({}, (built) =>
      built.addHook('onResponse', async (request) => {
        lastIp = request.ip;
      }),
    );
    for (let n = 1; n <= 6; n++)
      expectError(await login(app, '203.0.113.92', `a${n}@example.com`, `192.0.2.${n}`), 401);
    expectError(await login(app, '203.0.113.92', 'a7@example.com', '192.0.2.77'), 429);
    expect(lastIp).toBe('203.0.113.92');
  });

  it('on (one hop): the limit keys on the client the proxy forwards, not the proxy, nor an address the client forged', async () => {
    const app = await instance({ trustProxy: 1 });
    const proxy = '127.0.0.1';
    // Six clients behind the one proxy: each has its own budget.
    for (let n = 1; n <= 6; n++) expectError(await login(app, proxy, `b${n}@example.com`, `198.51.100.${n}`), 401);
    expectError(await login(app, proxy, 'b7@example.com', '198.51.100.7'), 401);
    // One client, whatever it prepends: the proxy appends the address it saw, and only that hop is believed.
    const client = '198.51.100.50';
    for (let n = 1; n <= 6; n++) {
      expectError(await login(app, proxy, `c${n}@example.com`, `10.9.9.${n}, ${client}`), 401);
    }
    expectError(await login(app, proxy, 'c7@example.com', `10.9.9.77, ${client}`), 429);
    expectError(await login(app, proxy, 'c8@example.com', client), 429);
  });

  it('on (a list of proxy addresses): a header from an address not on the list is not believed', async () => {
    const app = await instance({ trustProxy: ['10.0.0.0/8'] });
    for (let n = 1; n <= 6; n++)
      expectError(await login(app, '203.0.113.93', `d${n}@example.com`, `192.0.2.${n}`), 401);
    expectError(await login(app, '203.0.113.93', 'd7@example.com', '192.0.2.99'), 429);
    // From the proxy, each forwarded client counts on its own.
    expectError(await login(app, '10.1.2.3', 'e1@example.com', '192.0.2.200'), 401);
  });

  it('keeps the request id a trusted proxy sends, and makes one otherwise', async () => {
    const trusting = await instance({ trustProxy: true });
    const kept = await trusting.inject({
      method: 'GET',
      url: '/api/v1/health/live',
      headers: { 'x-request-id': 'proxy-abc.123' },
    });
    expect(kept.headers['x-request-id']).toBe('proxy-abc.123');
    const own = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/health/live',
      headers: { 'x-request-id': 'forged' },
    });
    expect(own.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('is read from the environment as true/false, a hop count or a list of addresses, and refuses anything else', () => {
    const read = (value?: string) =>
      loadConfig({ DATA_DIR: ctx.config.dataDir, ...(value === undefined ? {} : { TRUST_PROXY: value }) }).trustProxy;
    expect(read()).toBe(false);
    expect(read('false')).toBe(false);
    expect(read('true')).toBe(true);
    expect(read('0')).toBe(false);
    expect(read('2')).toBe(2);
    expect(read('127.0.0.1, 10.0.0.0/8,::1,loopback')).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'loopback']);
    expect(() => read('10.0.0.0/33')).toThrow(
      'Invalid configuration: TRUST_PROXY must be true, false, a hop count, or a comma-separated list of proxy addresses (CIDR allowed) (got "10.0.0.0/33")',
    );
    expect(() => read('proxy.example.com')).toThrow(/TRUST_PROXY must be true, false/);
  });
});
