import { idSchema, reviewListSchema, reviewPageQuerySchema, reviewSchema, reviewSchemaInput } from '@forkful/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, responses } from '../../http.js';
import { currentUserId, signedIn } from '../../plugins/auth.js';
import type { Services } from '../../services/container.js';

const tags = ['reviews'];

/** Open to visitors; a signed-in caller is identified, so the reviews of a draft show to its author. */
const openReviewRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { reviews, map } = services;

  app.get(
    '/:reviewId/view',
    {
      preHandler: app.identifyUser,
      schema: { tags, params: z.object({ reviewId: idSchema }), response: responses(reviewSchema) },
    },
    async (request, reply) => {
      const row = await reviews.findVisible(request.params.reviewId, request.auth?.userId ?? null);
      return ok(reply, map.review(row));
    },
  );

  app.get(
    '/view-all/:recipeId',
    {
      preHandler: app.identifyUser,
      schema: {
        tags,
        params: z.object({ recipeId: idSchema }),
        querystring: reviewPageQuerySchema,
        response: responses(reviewListSchema),
      },
    },
    async (request, reply) => {
      const { page } = request.query;
      const result = await reviews.page(request.params.recipeId, page, request.auth?.userId ?? null);
      return ok(reply, {
        reviews: result.rows.map((row) => map.review(row)),
        curPage: page,
        totalPages: result.totalPages,
        totalReviews: result.total,
      });
    },
  );

  app.get(
    '/view/:userId/:recipeId',
    {
      preHandler: app.identifyUser,
      schema: {
        tags,
        params: z.object({ userId: idSchema, recipeId: idSchema }),
        response: responses(reviewSchema),
      },
    },
    async (request, reply) => {
      const { userId, recipeId } = request.params;
      const row = await reviews.findByOwner(userId, recipeId, request.auth?.userId ?? null);
      return ok(reply, map.review(row));
    },
  );
};

/** Every route here needs a signed-in user (`signedIn`). */
const signedInReviewRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { reviews, map } = services;

  app.post(
    '/create/:recipeId',
    {
      schema: {
        tags,
        params: z.object({ recipeId: idSchema }),
        body: reviewSchemaInput,
        response: responses(reviewSchema, 201),
      },
    },
    async (request, reply) => {
      const row = await reviews.create(request.params.recipeId, currentUserId(request), request.body);
      return ok(reply, map.review(row), 'Review created', 201);
    },
  );

  app.patch(
    '/:reviewId/update',
    {
      schema: {
        tags,
        params: z.object({ reviewId: idSchema }),
        body: reviewSchemaInput,
        response: responses(reviewSchema),
      },
    },
    async (request, reply) => {
      const row = await reviews.update(request.params.reviewId, currentUserId(request), request.body);
      return ok(reply, map.review(row), 'Review updated');
    },
  );

  app.delete(
    '/:reviewId/delete',
    {
      schema: {
        tags,
        params: z.object({ reviewId: idSchema }),
        response: responses(z.object({ _id: z.string() })),
      },
    },
    async (request, reply) => {
      await reviews.delete(request.params.reviewId, currentUserId(request));
      return ok(reply, { _id: request.params.reviewId }, 'Review deleted');
    },
  );
};

export const reviewRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  await app.register(openReviewRoutes, { services });
  await app.register(signedIn(signedInReviewRoutes), { services });
};
