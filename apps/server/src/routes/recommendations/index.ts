import {
  idSchema,
  recommendedListSchema,
  recommendedQuerySchema,
  similarListSchema,
  similarQuerySchema,
} from '@forkful/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, responses, trustedJsonSerializer } from '../../http.js';
import type { Services } from '../../services/container.js';

const tags = ['recipes'];

/**
 * Issue 19, under /api/v1/recipes: open to visitors (who get the good-and-fresh set); a signed-in caller is
 * identified, and gets a personal list without their own, saved or reviewed recipes. Both read precomputed tables.
 */
export const recommendationRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get(
    '/recommended',
    {
      preHandler: app.identifyUser,
      schema: {
        tags,
        summary: 'Recommended recipes: personal when signed in (each with its reason), good and fresh otherwise',
        querystring: recommendedQuerySchema,
        response: responses(recommendedListSchema),
      },
      // The list's read checks the session itself: one round trip for the landing row's call (plugins/auth.ts).
      config: { sessionCheckedByRoute: true },
      // Cards built by the mapper in the schema's shape, sent as built (http.ts; the test compares with zod's bytes).
      serializerCompiler: trustedJsonSerializer,
    },
    async (request, reply) => {
      const { limit } = request.query;
      let recipes = request.auth ? await services.recommendations.recommendedInSession(request.auth, limit) : null;
      if (!recipes) {
        // A visitor, or a session that has ended: the visitors' set, and the ended session's cookies go (as the
        // auth hook does for every other route open to visitors).
        if (request.auth) {
          request.auth = null;
          app.clearSessionCookies(reply);
        }
        recipes = await services.recommendations.recommended(null, limit);
      }
      return ok(reply, { recipes });
    },
  );

  app.get(
    '/:id/similar',
    {
      preHandler: app.identifyUser,
      schema: {
        tags,
        summary:
          "More like this: published recipes related to a recipe (the caller's own, saved and reviewed left out)",
        params: z.object({ id: idSchema }),
        querystring: similarQuerySchema,
        response: responses(similarListSchema),
      },
      serializerCompiler: trustedJsonSerializer,
    },
    async (request, reply) =>
      ok(reply, {
        recipes: await services.recommendations.similar(
          request.params.id,
          request.auth?.userId ?? null,
          request.query.limit,
        ),
      }),
  );
};
