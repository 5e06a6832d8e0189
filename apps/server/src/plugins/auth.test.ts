import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SessionRepository } from '../repositories/sessions.js';
import { createTestApp, registerUser, type CookieJar, type TestContext } from '../test/app.js';
import { authPlugin, currentUserId, signedIn } from './auth.js';
import { errorHandlerPlugin } from './error-handler.js';

// A route added to a signedIn scope, however deep and whatever it declares, is refused to a visitor before its
// body is read or validated.
let ctx: TestContext;
let app: FastifyInstance;
let cook: { id: string; jar: CookieJar };

beforeAll(async () => {
  ctx = await createTestApp();
  cook = await registerUser(ctx.app, 'Scope Cook');
  app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorHandlerPlugin);
  await app.register(cookie);
  const sessions = new SessionRepository(
    ctx.database.db,
    ctx.config.refreshTokenSecret,
    ctx.config.refreshTokenTtlDays,
  );
  await app.register(authPlugin, { config: ctx.config, sessions });
  await app.register(
    signedIn(async (scope) => {
      scope.post('/new', { schema: { body: z.object({ name: z.string().min(3) }) } }, async (request) => ({
        userId: currentUserId(request),
      }));
      await scope.register(async (nested) => {
        nested.get('/nested', async (request) => ({ userId: currentUserId(request) }));
      });
    }),
  );
  app.get('/open', async () => ({ open: true }));
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await ctx.close();
});

describe('signedIn', () => {
  it('refuses a visitor on every route of the scope with 401, before the body is validated', async () => {
    const posted = await app.inject({ method: 'POST', url: '/new', payload: { name: '' } });
    expect([posted.statusCode, posted.json().message]).toEqual([401, 'Please log in to continue']);
    expect((await app.inject({ method: 'GET', url: '/nested' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/open' })).statusCode).toBe(200);
  });

  it('lets a signed-in user through to the handler', async () => {
    const headers = { cookie: cook.jar.header() };
    const posted = await app.inject({ method: 'POST', url: '/new', headers, payload: { name: 'Soup' } });
    expect(posted.json()).toEqual({ userId: cook.id });
    expect((await app.inject({ method: 'GET', url: '/nested', headers })).json()).toEqual({ userId: cook.id });
  });
});
