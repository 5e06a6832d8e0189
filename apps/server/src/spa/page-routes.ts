import { CLIENT_PAGES } from '@forkful/contracts';
import type { FastifyCompressOptions } from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { sendError } from '../plugins/error-handler.js';
import type { PageReaders } from './page-data.js';
import { createPageHeads } from './page-head.js';
import { createSpaPages } from './spa-pages.js';

export interface PageRoutesOptions {
  config: Config;
  webDist: string;
  /** False for an API-only server: every address outside the API is then unknown. */
  hasWeb: boolean;
  readers: PageReaders;
  /** The app's @fastify/compress options, which the pages use too. */
  compress: FastifyCompressOptions;
}

/**
 * Pages up to this size are compressed in one call rather than as a stream. @fastify/compress streams anything over
 * 4 to 64 KB by default, by the number of cores (8 KB on two), and a drawn page (20 to 125 KB) then arrived 4 to 8 ms
 * later than compressed at once (about 1 ms of brotli at quality 4 for the largest), and without Content-Length.
 */
const PAGE_SYNC_COMPRESS_BYTES = 256 * 1024;

/**
 * The web app's pages as routes of their own (GET and HEAD, one per pattern of CLIENT_PAGES), so they run through
 * the API's hooks, its rate limit and @fastify/compress like any route; and the not-found handler, limited too.
 *
 * The API's own limit lets every address outside /api/ through (plugins/security.ts), since static files are cheap
 * and a recipe grid loads dozens of them. A page is not cheap: each drawn page reads the database. So the pages and
 * the not-found handler share one budget per client address, as large as the API's (the Fastify demo limits its
 * not-found handler the same way, against address guessing).
 */
export async function registerPageRoutes(app: FastifyInstance, options: PageRoutesOptions): Promise<void> {
  const { config, webDist, hasWeb, readers, compress } = options;
  const pageLimit = app.rateLimit({ max: config.rateLimitMax, timeWindow: 60_000, allowList: () => false });
  const heads = createPageHeads(config);
  const sendPage = hasWeb
    ? createSpaPages(webDist, readers, (message) => app.log.warn(message), heads, config.pageDataBudgetMs)
    : undefined;

  /*
   * What no route answers. A GET of any other address is still the SPA's: a page typed in another letter case
   * (React Router ignores case, Fastify does not), or an address React Router answers with its own 'No route
   * matches URL' page (spec section 2). Those go out uncompressed unless they are the plain index.html, which is
   * served as the build's compressed file. A catch-all route would compress them, but it would also take the
   * router's own answers from API addresses (an over-long parameter is a 414 only when no route matches).
   */
  app.setNotFoundHandler({ preHandler: pageLimit }, (request, reply) => {
    const url = request.raw.url ?? '/';
    const api = url === '/api' || url.startsWith('/api/') || url.startsWith('/uploads/');
    if (!sendPage || api || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return sendError(reply, 404, 'Route not found');
    }
    return sendPage(request, reply);
  });
  if (!sendPage) return;

  // The first visitors get drawn pages too (docs/decisions/014).
  await sendPage.ready;
  for (const { path } of CLIENT_PAGES) {
    app.get(
      path,
      {
        onRequest: [pageLimit],
        // The page budget above counts these instead.
        config: { rateLimit: false },
        compress: { ...compress, syncThreshold: PAGE_SYNC_COMPRESS_BYTES },
        schema: { hide: true },
      },
      sendPage,
    );
  }
}
