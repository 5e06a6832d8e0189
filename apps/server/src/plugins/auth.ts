import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '@forkful/contracts';
import type { Config } from '../config.js';
import { sessionEnded, unauthorized } from '../errors.js';
import type { SessionRepository } from '../repositories/sessions.js';
import { TokenService, type AccessClaims } from '../services/tokens.js';

const ACCESS_COOKIE = 'accessToken';
export const REFRESH_COOKIE = 'refreshToken';
const REFRESH_COOKIE_PATH = '/api/v1/users';
/** Not a secret and readable by the page: tells the web client a session may exist (decision 009). */
const SIGNED_IN_COOKIE = 'signedIn';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A route whose own first statement checks the session (`activeSessionSql`, repositories/sessions.ts) in the same
     * round trip as its read: the hook verifies the token only. When that check fails, a signed-in route
     * (`requireUser`) must answer `sessionEnded()` (errors.ts; the week read: decision 024, "The list answer, kept"),
     * and a route open to visitors (`identifyUser`) must answer as for a visitor and clear the session cookies, as the
     * hook would have (GET /recipes/recommended: decision 026).
     */
    sessionCheckedByRoute?: boolean;
  }
  interface FastifyRequest {
    auth: AccessClaims | null;
  }
  interface FastifyInstance {
    tokens: TokenService;
    /** Hook: the request must carry a valid access token of a live session. Routes get it from `signedIn`. */
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler: identifies the user when a token is present; anonymous otherwise. */
    identifyUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    setSessionCookies: (reply: FastifyReply, accessToken: string, refreshToken: string) => void;
    setAccessCookie: (reply: FastifyReply, accessToken: string) => void;
    clearSessionCookies: (reply: FastifyReply) => void;
  }
}

interface AuthPluginOptions {
  config: Config;
  sessions: SessionRepository;
}

/** The signed-in user's token claims (user and session ids). */
export function currentClaims(request: FastifyRequest): AccessClaims {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

export function currentUserId(request: FastifyRequest): string {
  return currentClaims(request).userId;
}

/**
 * Routes that all need a signed-in user: the scope's one onRequest hook refuses anyone else (401) before a body is
 * read or a handler runs, so a route added to it cannot forget the check. Register with `app.register(signedIn(…))`;
 * routes open to visitors are registered outside it.
 */
export function signedIn<Options extends Record<string, unknown>>(
  routes: FastifyPluginAsyncZod<Options>,
): FastifyPluginAsyncZod<Options> {
  return async (app, options) => {
    app.addHook('onRequest', app.requireUser);
    await routes(app, options);
  };
}

export const authPlugin = fp(async (app: FastifyInstance, { config, sessions }: AuthPluginOptions) => {
  const tokens = new TokenService(config.accessTokenSecret, config.accessTokenTtlSeconds);
  app.decorate('tokens', tokens);
  app.decorateRequest('auth', null);

  const base = { httpOnly: true, sameSite: 'lax' as const, secure: config.cookieSecure };
  // The access cookie outlives the JWT inside it: the browser keeps sending the expired token, so the server can
  // answer 'jwt expired' and the client knows to refresh (rather than seeing a silent logout).
  const maxAge = config.refreshTokenTtlDays * 24 * 60 * 60;

  // The hint lives as long as the session cookies, so an anonymous visitor's start-up skips a call that can only
  // answer 401 (which the browser logs as an error).
  const hint = { ...base, httpOnly: false, path: '/' };
  const setAccess = (reply: FastifyReply, accessToken: string) =>
    reply.setCookie(ACCESS_COOKIE, accessToken, { ...base, path: '/', maxAge });
  app.decorate('setAccessCookie', (reply: FastifyReply, accessToken: string) => {
    setAccess(reply, accessToken);
    reply.setCookie(SIGNED_IN_COOKIE, '1', { ...hint, maxAge });
  });
  app.decorate('setSessionCookies', (reply: FastifyReply, accessToken: string, refreshToken: string) => {
    setAccess(reply, accessToken);
    reply.setCookie(REFRESH_COOKIE, refreshToken, { ...base, path: REFRESH_COOKIE_PATH, maxAge });
    reply.setCookie(SIGNED_IN_COOKIE, '1', { ...hint, maxAge });
  });
  app.decorate('clearSessionCookies', (reply: FastifyReply) => {
    reply.clearCookie(ACCESS_COOKIE, { ...base, path: '/' });
    reply.clearCookie(REFRESH_COOKIE, { ...base, path: REFRESH_COOKIE_PATH });
    reply.clearCookie(SIGNED_IN_COOKIE, hint);
  });

  async function resolve(request: FastifyRequest, reply: FastifyReply, required: boolean): Promise<void> {
    const token = request.cookies[ACCESS_COOKIE];
    if (!token) {
      if (required) throw unauthorized();
      return;
    }
    const check = await tokens.verifyAccess(token);
    if (!check.ok) {
      if (check.reason === 'expired') throw unauthorized(messages.jwtExpired);
      if (required) throw unauthorized('Invalid access token');
      app.clearSessionCookies(reply);
      return;
    }
    if (request.routeOptions.config.sessionCheckedByRoute) {
      request.auth = check.claims;
      return;
    }
    if (!(await sessions.isActive(check.claims.sessionId, check.claims.userId))) {
      if (required) throw sessionEnded();
      app.clearSessionCookies(reply);
      return;
    }
    request.auth = check.claims;
  }

  app.decorate('requireUser', (request: FastifyRequest, reply: FastifyReply) => resolve(request, reply, true));
  app.decorate('identifyUser', (request: FastifyRequest, reply: FastifyReply) => resolve(request, reply, false));
});
