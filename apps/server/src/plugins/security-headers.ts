import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

type HeaderCall = [name: string, value: string | number | readonly string[] | undefined];

/**
 * The header calls Helmet makes for a response, recorded once. Our options are static (no CSP nonces, no directive
 * functions), so every response gets exactly the same calls; a directive function would make the recording wrong,
 * so it is refused.
 */
function recordHelmet(options: HelmetOptions): HeaderCall[] {
  const directives = typeof options.contentSecurityPolicy === 'object' ? options.contentSecurityPolicy.directives : {};
  for (const [name, value] of Object.entries(directives ?? {})) {
    const values: unknown[] = Array.isArray(value) ? value : [value];
    if (values.some((item) => typeof item === 'function')) {
      throw new Error(`security headers: the CSP directive ${name} is computed per request, which is not supported`);
    }
  }
  const calls: HeaderCall[] = [];
  const recorder = {
    setHeader: (name: string, value: HeaderCall[1]) => calls.push([name, value]),
    removeHeader: (name: string) => calls.push([name, undefined]),
  };
  let failure: unknown;
  helmet(options)({} as never, recorder as never, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return calls;
}

/**
 * Helmet's security headers on every response. @fastify/helmet builds a new Helmet middleware (re-parsing the CSP)
 * for every request; this runs Helmet once at start-up and replays its header calls, in the same order, on each
 * response's raw object, as the middleware would have.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance, options: HelmetOptions) => {
  const calls = recordHelmet(options);
  app.addHook('onRequest', (_request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of calls) {
      if (value === undefined) raw.removeHeader(name);
      else raw.setHeader(name, value);
    }
    done();
  });
});
