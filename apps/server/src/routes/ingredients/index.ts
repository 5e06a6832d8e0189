import { parseIngredientsRequestSchema, parseIngredientsResponseSchema } from '@forkful/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../http.js';
import { parseIngredientLines } from '../../services/ingredients/parse.js';

/** Open to anyone (the web's forms and other clients); the API's rate limit applies as to every route. */
export const ingredientRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/parse',
    {
      schema: {
        tags: ['ingredients'],
        summary: 'Read ingredient lines into quantity, unit, food and note (at most 200 lines of 500 characters)',
        body: parseIngredientsRequestSchema,
        response: responses(parseIngredientsResponseSchema),
      },
    },
    async (request, reply) => ok(reply, { ingredients: parseIngredientLines(request.body.lines) }),
  );
};
