import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { constants as zlib } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compress, { type FastifyCompressOptions } from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API_BASE } from '@forkful/contracts';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { connectDatabase, type Database } from './db/client.js';
import { readRoutingPlugin, routedDatabase } from './db/read-routing.js';
import { JobRunner } from './jobs/index.js';
import { orphanedImagesJob } from './jobs/orphaned-images.js';
import { Metrics, metricsPlugin } from './metrics/index.js';
import { openApiTransform } from './openapi.js';
import { authPlugin } from './plugins/auth.js';
import { errorHandlerPlugin, sendError } from './plugins/error-handler.js';
import { loadSheddingPlugin } from './plugins/load-shedding.js';
import { securityPlugin } from './plugins/security.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { healthRoutes } from './routes/health.js';
import { ingredientRoutes } from './routes/ingredients/index.js';
import { mealPlanRoutes } from './routes/meal-plan/index.js';
import { recipeImportRoutes } from './routes/recipe-import/index.js';
import { recipeRoutes } from './routes/recipes/index.js';
import { recommendationRoutes } from './routes/recommendations/index.js';
import { reviewRoutes } from './routes/reviews/index.js';
import { sitemapRoutes } from './routes/sitemap/index.js';
import { shoppingListRoutes } from './routes/shopping-list/index.js';
import { uploadRoutes } from './routes/uploads/index.js';
import { userRoutes } from './routes/users/index.js';
import { createServices } from './services/container.js';
import { recommendationsRefreshJob } from './services/recommendation-refresher.js';
import { S3FileStorage } from './services/s3-storage.js';
import { createFileStorage } from './services/storage.js';
import { inlineScriptHashesOf } from './spa/inline-scripts.js';
import { registerPageRoutes } from './spa/page-routes.js';

export interface BuildAppOptions {
  config: Config;
  db: Database;
  /** Pass false in tests to keep output quiet. */
  logger?: boolean;
  /** The instance's metrics (metrics/index.ts); main.ts passes the one its job runner counts into. */
  metrics?: Metrics;
}

/** A request id a trusted proxy sent (X-Request-Id) is kept when it is short and plain; else a new UUID. */
const REQUEST_ID = /^[\w.:-]{1,128}$/;

/** Requests logged at debug rather than info when they succeed: static files and health probes (one each, many). */
function isQuietRequest(url: string, statusCode: number): boolean {
  if (statusCode >= 400) return false;
  return url.startsWith('/uploads/') || url.startsWith('/assets/') || url.startsWith(`${API_BASE}/health/`);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves when the work requests left to the background (stale recommendation lists made again) is done. */
    backgroundSettled: () => Promise<void>;
  }
}

export const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Builds the Fastify app: infrastructure plugins → app services → routes (the Fastify demo's load order). */
export async function buildApp({
  config,
  db,
  logger = true,
  metrics = new Metrics(),
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? { level: config.logLevel } : false,
    // One line per request (the hook below), not Fastify's two ('incoming request' and 'request completed').
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: (request) => {
      const given = config.trustProxy ? request.headers['x-request-id'] : undefined;
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    bodyLimit: 256 * 1024,
    requestTimeout: 30_000,
    // TRUST_PROXY (off by default): X-Forwarded-For is read only from the proxies it names; request.ip (the rate
    // limits' key and the logged address) is then the client the trusted proxy saw.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    // Prototype-pollution keys in JSON bodies are dropped rather than applied.
    onProtoPoisoning: 'remove',
    onConstructorPoisoning: 'remove',
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 300 },
    // Our own hook answers 503 in the envelope while the server is closing.
    return503OnClosing: false,
    // Failures the router meets before any hook runs (a bad %-escape, an over-long id) leave in the envelope too,
    // without echoing the path back.
    frameworkErrors: (error, _request, reply) => {
      reply.header('X-Content-Type-Options', 'nosniff');
      if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return sendError(reply, 414, 'The address is too long');
      if (error.code === 'FST_ERR_BAD_URL') return sendError(reply, 400, 'The address is not valid');
      return sendError(reply, 500, 'Something went wrong');
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Infrastructure
  await app.register(errorHandlerPlugin);
  metrics.watchPool(db.$client, 'writer');
  await app.register(metricsPlugin, { metrics, token: config.metricsToken });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
    // Fastify's own first line, kept at debug (a test or an operator following a request as it arrives).
    request.log.debug({ req: request }, 'incoming request');
  });
  app.addHook('onResponse', async (request, reply) => {
    const level = isQuietRequest(request.url, reply.statusCode) ? 'debug' : 'info';
    request.log[level]({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  });
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!closing) return;
    reply.header('Connection', 'close');
    reply.header('Retry-After', '5');
    return sendError(reply, 503, 'The server is restarting, please try again in a moment');
  });
  // JSON answers over 1 KB are compressed for clients that ask (a page of 24 cards: 15 KB → about 3 KB). Brotli at
  // quality 4 costs a fraction of a millisecond; the SPA's own files are compressed at build time and served as is.
  const compressOptions = {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  } satisfies FastifyCompressOptions;
  await app.register(compress, compressOptions);
  await app.register(cookie);
  // DATABASE_READ_URL: the read-only routes below read from the replica, except for a client that just wrote.
  const readHandle = config.databaseReadUrl
    ? connectDatabase(config.databaseReadUrl, config.databasePoolMax, (error) =>
        app.log.warn({ err: error }, 'read replica connection error (the pool will reconnect)'),
      )
    : undefined;
  if (readHandle) {
    metrics.watchPool(readHandle.pool, 'reader');
    app.addHook('onClose', async () => readHandle.close());
    await app.register(readRoutingPlugin, {
      routes: [
        '/all',
        '/search',
        '/random-recipes',
        '/:id/view-recipe',
        '/view-recipe-by-name/:name',
        '/created-recipes/:userId',
      ].map((route) => `${API_BASE}/recipes${route}`),
      readYourWritesSeconds: config.readYourWritesSeconds,
      secureCookie: config.cookieSecure,
    });
  }
  const routedDb = routedDatabase(db, readHandle?.db);
  await app.register(multipart, { limits: { fileSize: config.maxUploadBytes, files: 1 } });
  await app.register(loadSheddingPlugin, { config });
  const webDist = path.resolve(config.webDistDir ?? defaultWebDist);
  const indexFile = path.join(webDist, 'index.html');
  await app.register(securityHeadersPlugin, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // No inline script but index.html's own start-up script, by its hash (docs/decisions/015).
        scriptSrc: ["'self'", ...inlineScriptHashesOf(indexFile)],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // With S3 storage, images come from the bucket's public address (docs/decisions/008-image-storage.md).
        imgSrc: ["'self'", 'data:', 'blob:', ...(config.s3 ? [new URL(config.s3.publicUrl).origin] : [])],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: config.cookieSecure ? [] : null,
      },
    },
    hsts: config.cookieSecure ? { maxAge: 31536000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Legacy browsers that ignore frame-ancestors: no framing at all, not even same-origin.
    xFrameOptions: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(securityPlugin, { config, metrics });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Forkful API', version: '1.0.0', description: 'The recipe-sharing API of Forkful.' },
      servers: [{ url: '/' }],
    },
    transform: openApiTransform,
  });
  // The docs page needs no inline script, so it keeps the app's CSP (its own static CSP would loosen base-uri and
  // frame-ancestors and force HTTPS on plain-HTTP installs).
  await app.register(swaggerUi, { routePrefix: `${API_BASE}/docs`, staticCSP: false });
  app.get(`${API_BASE}/openapi.json`, { schema: { hide: true } }, async () => app.swagger());

  // Background jobs, each run on one instance only (jobs/index.ts); features add theirs with app.jobs.register.
  const jobs = new JobRunner({ db, log: app.log, metrics });
  app.decorate('jobs', jobs);
  jobs.register(orphanedImagesJob(createFileStorage(config)));
  // Issue 19: the recommendation tables (docs/decisions/026).
  if (config.recommendationsRefreshSeconds > 0)
    jobs.register(
      recommendationsRefreshJob(config.recommendationsRefreshSeconds, {
        lowPriority: config.recommendationsRefreshLowPriority,
      }),
    );
  if (config.jobsEnabled) app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => jobs.stop());

  // App services
  const services = createServices(config, routedDb, (error) =>
    app.log.error({ err: error }, 'background work after a request failed'),
  );
  app.addHook('onClose', async () => services.recommendations.stop());
  app.decorate('backgroundSettled', () => services.recommendations.settled());
  await app.register(authPlugin, { config, sessions: services.sessions });

  // Routes
  await app.register(healthRoutes, {
    prefix: `${API_BASE}/health`,
    db,
    ...(config.s3 ? { storage: new S3FileStorage(config.s3) } : {}),
  });
  await app.register(recipeRoutes, { prefix: `${API_BASE}/recipes`, services });
  await app.register(recommendationRoutes, { prefix: `${API_BASE}/recipes`, services });
  await app.register(recipeImportRoutes, { prefix: `${API_BASE}/recipes`, services });
  await app.register(reviewRoutes, { prefix: `${API_BASE}/reviews`, services });
  await app.register(userRoutes, { prefix: `${API_BASE}/users`, services });
  await app.register(uploadRoutes, { prefix: `${API_BASE}/uploads`, config });
  await app.register(ingredientRoutes, { prefix: `${API_BASE}/ingredients` });
  await app.register(mealPlanRoutes, { prefix: `${API_BASE}/meal-plan`, services });
  await app.register(shoppingListRoutes, { prefix: `${API_BASE}/shopping-list`, services });

  if (!config.s3) {
    mkdirSync(config.uploadsDir, { recursive: true });
    await app.register(fastifyStatic, {
      root: config.uploadsDir,
      prefix: '/uploads/',
      decorateReply: false,
      immutable: true,
      maxAge: '365d',
      index: false,
      list: false,
      wildcard: true,
    });
  }

  const hasWeb = existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      index: false,
      wildcard: false,
      // Answered by routes/sitemap, from the database and PUBLIC_URL (docs/decisions/023).
      globIgnore: ['robots.txt', 'sitemap.xml'],
      // The build writes .br/.gz next to each asset (scripts/precompress.mjs).
      preCompressed: true,
      // setHeaders decides alone: otherwise send's own 'public, max-age=0' replaces what it set.
      cacheControl: false,
      setHeaders: (res, filePath) => {
        // Hashed build assets never change; index.html must always be revalidated.
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        else res.setHeader('Cache-Control', 'no-cache');
      },
    });
  }

  await app.register(sitemapRoutes, { config, db, compress: compressOptions });
  await registerPageRoutes(app, { config, webDist, hasWeb, readers: services, compress: compressOptions });

  return app;
}
