import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../db/client.js';
import { DATABASE_RETRY_AFTER_SECONDS } from '../db/unavailable.js';
import { sendError } from '../plugins/error-handler.js';
import { ok, responses } from '../http.js';

const statusSchema = z.object({ status: z.string() });

export const healthRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get('/live', { schema: { tags: ['health'], response: responses(statusSchema) } }, async (_request, reply) =>
    ok(reply, { status: 'live' }),
  );
  app.get('/ready', { schema: { tags: ['health'], response: responses(statusSchema) } }, async (request, reply) => {
    try {
      await db.execute(sql`SELECT 1`);
      return ok(reply, { status: 'ready' });
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed');
      reply.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return sendError(reply, 503, 'The database is not reachable');
    }
  });
};
