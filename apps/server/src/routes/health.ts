import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../db/client.js';
import { DATABASE_RETRY_AFTER_SECONDS } from '../db/unavailable.js';
import { sendError } from '../plugins/error-handler.js';
import { ok, responses } from '../http.js';
import { isDraining } from '../lifecycle/draining.js';

const statusSchema = z.object({ status: z.string() });

/** A dependency readiness asks about besides the database (the S3 bucket): resolves when it answers. */
export interface ReadinessCheck {
  check(): Promise<void>;
}

/** A storage answer is reused this long, so frequent probes from a proxy and an orchestrator cost one HeadBucket. */
const STORAGE_CHECK_TTL_MS = 5_000;

export const healthRoutes: FastifyPluginAsyncZod<{ db: Database; storage?: ReadinessCheck }> = async (
  app,
  { db, storage },
) => {
  let storageChecked: { at: number; result: Promise<void> } | undefined;
  const checkStorage = () => {
    if (!storage) return Promise.resolve();
    if (!storageChecked || Date.now() - storageChecked.at > STORAGE_CHECK_TTL_MS) {
      const result = storage.check();
      result.catch(() => undefined);
      storageChecked = { at: Date.now(), result };
    }
    return storageChecked.result;
  };

  app.get('/live', { schema: { tags: ['health'], response: responses(statusSchema) } }, async (_request, reply) =>
    ok(reply, { status: 'live' }),
  );
  // `?scope=traffic` is the proxy's question: "may requests come here?" It leaves out the photo storage, because an
  // S3 outage hits every instance alike: taking them all out of rotation would turn failed uploads (503, nothing
  // written) into a whole site down, while reads of pages and cached photos still work. Plain readiness (the
  // container's HEALTHCHECK, an orchestrator, an operator) still checks the bucket.
  const readyQuery = z.object({ scope: z.enum(['all', 'traffic']).default('all') });
  app.get(
    '/ready',
    { schema: { tags: ['health'], querystring: readyQuery, response: responses(statusSchema) } },
    async (request, reply) => {
      if (isDraining()) return sendError(reply, 503, 'The server is shutting down');
      try {
        await db.execute(sql`SELECT 1`);
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check failed');
        reply.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
        return sendError(reply, 503, 'The database is not reachable');
      }
      if (request.query.scope === 'traffic') return ok(reply, { status: 'ready' });
      try {
        await checkStorage();
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check failed: photo storage');
        reply.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
        return sendError(reply, 503, 'The photo storage is not reachable');
      }
      return ok(reply, { status: 'ready' });
    },
  );
};
