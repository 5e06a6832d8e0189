import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from './client.js';

/**
 * Read replicas (DATABASE_READ_URL; docs/decisions/028-jobs-and-metrics.md). A request to one of the read-only
 * routes (recipe lists, search, view) runs with its queries on the replica; everything else, and every request of
 * a client that wrote in the last READ_YOUR_WRITES_SECONDS, on the writer.
 *
 * Read-your-own-writes: a successful unsafe request (POST, PATCH, PUT, DELETE) sets a short-lived cookie; while it
 * lives, that browser's reads go to the writer, on whichever instance answers (nothing is kept in an instance's
 * memory). A replica lagging less than the cookie's lifetime never shows a writer its own change missing.
 */
const routing = new AsyncLocalStorage<{ replica: boolean }>();

export const WRITER_COOKIE = 'forkful-recent-write';
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Where the current request's queries go: 'replica' or 'writer' (for tests and logs). */
export function currentTarget(): 'replica' | 'writer' {
  return routing.getStore()?.replica ? 'replica' : 'writer';
}

/**
 * A database handle that sends each call to the replica inside a request marked for it, to the writer otherwise.
 * Without a replica it is the writer itself.
 */
export function routedDatabase(writer: Database, reader: Database | undefined): Database {
  if (!reader) return writer;
  return new Proxy(writer, {
    get(_target, property) {
      const target = routing.getStore()?.replica ? reader : writer;
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

export interface ReadRoutingOptions {
  /** Route patterns (as registered, e.g. `/api/v1/recipes/:id/view-recipe`) whose GETs may read from the replica. */
  routes: readonly string[];
  readYourWritesSeconds: number;
  secureCookie: boolean;
}

export const readRoutingPlugin = fp(
  async (app: FastifyInstance, { routes, readYourWritesSeconds, secureCookie }: ReadRoutingOptions) => {
    const replicaRoutes = new Set(routes);
    app.addHook('onRequest', (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
      const replica =
        (request.method === 'GET' || request.method === 'HEAD') &&
        replicaRoutes.has(request.routeOptions.url ?? '') &&
        request.cookies[WRITER_COOKIE] === undefined;
      // Everything after this hook (the other hooks, the handler) runs inside the store.
      routing.run({ replica }, done);
    });
    app.addHook('onSend', async (request, reply, payload) => {
      if (!SAFE.has(request.method) && reply.statusCode < 400 && readYourWritesSeconds > 0) {
        reply.setCookie(WRITER_COOKIE, '1', {
          path: '/',
          maxAge: readYourWritesSeconds,
          httpOnly: true,
          sameSite: 'lax',
          secure: secureCookie,
        });
      }
      return payload;
    });
  },
  { name: 'forkful-read-routing', dependencies: ['@fastify/cookie'] },
);
