import { uploadLimitsSchema } from '@forkful/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.js';
import { ok, responses } from '../../http.js';

export const uploadRoutes: FastifyPluginAsyncZod<{ config: Pick<Config, 'maxUploadBytes'> }> = async (
  app,
  { config },
) => {
  app.get(
    '/limits',
    {
      schema: {
        tags: ['uploads'],
        summary: 'The upload limits, so a client can refuse a file before sending it',
        response: responses(uploadLimitsSchema),
      },
    },
    async (_request, reply) => ok(reply, { maxUploadBytes: config.maxUploadBytes }),
  );
};
