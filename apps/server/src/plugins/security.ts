import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { Config } from '../config.js';
import { forbidden, HttpError } from '../errors.js';
import type { Metrics } from '../metrics/index.js';
import { sharedLimitStore } from './rate-limit-store.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const CROSS_SITE_REFUSED = 'Cross-site requests are not allowed';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Marks log-in, sign-up and refresh: they get the stricter limit. */
    authLimited?: boolean;
  }
}

/** The wait in seconds, as the Retry-After header sends it (rounded up the same way), so the two always agree. */
function retryText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return seconds === 1 ? '1 second' : `${seconds} seconds`;
}

/** Whether an Origin header names the host the request came to ('null' and garbage never do). */
function isSameOrigin(origin: string, host: string | undefined): boolean {
  try {
    const from = new URL(origin);
    // Parsed with the origin's scheme, so a Host header that spells out the default port ('example.com:443', as
    // some proxies send it) compares equal to an Origin that leaves it out.
    return host !== undefined && new URL(`${from.protocol}//${host}`).host === from.host;
  } catch {
    return false;
  }
}

/**
 * Cross-site request refusal (on top of SameSite cookies) and abuse limits. Limits count per client address; a
 * log-in is also limited per account *and* address, so guessing at someone's password from elsewhere can never
 * lock the real owner out.
 */
export const securityPlugin = fp(
  async (app: FastifyInstance, { config, metrics }: { config: Config; metrics?: Metrics }) => {
    app.addHook('onRequest', async (request) => {
      if (SAFE_METHODS.has(request.method)) return;
      const site = request.headers['sec-fetch-site'];
      if (site !== undefined && site !== 'same-origin' && site !== 'none') throw forbidden(CROSS_SITE_REFUSED);
      const origin = request.headers.origin;
      if (origin !== undefined && !isSameOrigin(origin, request.headers.host)) throw forbidden(CROSS_SITE_REFUSED);
    });

    const redis = config.redisUrl
      ? new Redis(config.redisUrl, {
          connectTimeout: 1000,
          commandTimeout: 500,
          maxRetriesPerRequest: 1,
          enableOfflineQueue: false,
        })
      : undefined;
    if (redis) {
      // ioredis reports every failed reconnection; the switch to and from the fallback is what the log needs.
      redis.on('error', (error) => app.log.debug({ err: error }, 'rate-limit store unavailable'));
      app.addHook('onClose', async () => {
        await redis.quit().catch(() => redis.disconnect());
      });
    }
    const store = redis
      ? sharedLimitStore(redis, 'forkful-rl:', {
          onFallback: (active, error) => {
            metrics?.rateLimitFallback.set(active ? 1 : 0);
            if (active) {
              metrics?.rateLimitFallbackEvents.inc();
              app.log.warn({ err: error }, 'rate-limit store (Redis) unreachable: limits now count per instance');
            } else app.log.info('rate-limit store (Redis) reachable again: limits are shared');
          },
        })
      : undefined;

    await app.register(rateLimit, {
      global: true,
      max: config.rateLimitMax,
      timeWindow: 60_000,
      // With Redis, counts are shared by every instance, and kept per instance while Redis is unreachable
      // (rate-limit-store.ts): the store itself never fails, so nothing is skipped.
      ...(store ? { store } : {}),
      keyGenerator: (request: FastifyRequest) => request.ip,
      // Only the API is limited: built assets and uploaded images are cheap static files, and one recipe grid alone
      // loads dozens of them (several people behind one address would otherwise share a tiny budget).
      allowList: (request: FastifyRequest) => !request.url.startsWith('/api/'),
      errorResponseBuilder: (_request, context) =>
        new HttpError(429, `Too many requests, please try again in ${retryText(context.ttl)}`),
    });
  },
);

/** Route options for log-in, sign-up and refresh: a tight per-address limit. */
export function authRateLimit(config: Config) {
  return { rateLimit: { max: config.authRateLimitMax, timeWindow: 60_000, groupId: 'auth' } };
}

/**
 * preHandler for log-in: a limit per account *and* address, run once the body (the email) is parsed. Built on
 * `createRateLimit` rather than `app.rateLimit()`, whose handler skips a request the route's own limiter has already
 * counted, so it never ran on a route with both.
 */
export function loginAccountLimit(app: FastifyInstance, config: Config) {
  const limit = app.createRateLimit({
    max: Math.max(5, Math.floor(config.authRateLimitMax / 3)),
    timeWindow: 15 * 60_000,
    keyGenerator: (request: FastifyRequest) => {
      const body = request.body as { email?: unknown } | undefined;
      const email = typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
      return `login:${email}|${request.ip}`;
    },
  });
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await limit(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header('Retry-After', String(result.ttlInSeconds));
    throw new HttpError(429, `Too many requests, please try again in ${retryText(result.ttl)}`);
  };
}
