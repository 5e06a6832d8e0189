import { importPhotoRequestSchema, importRequestSchema, importResponseSchema } from '@forkful/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../errors.js';
import { ok, responses } from '../../http.js';
import { signedIn } from '../../plugins/auth.js';
import type { Services } from '../../services/container.js';
import { RecipeImporter, type RecipeImporterOptions } from '../../services/import/importer.js';

const tags = ['recipes'];
/** A pasted page is at most 5 MB of text; its JSON string (escapes) gets room on top. */
const IMPORT_BODY_LIMIT = 8 * 1024 * 1024;

function retryText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return seconds === 1 ? '1 second' : `${seconds} seconds`;
}

/** Import calls (issue 21, docs/decisions/022): signed-in cooks only, limited per user on top of the API's limit. */
const importRoutes: FastifyPluginAsyncZod<{ services: Services; importer?: RecipeImporterOptions }> = async (
  app,
  { services, importer: importerOptions },
) => {
  const importer = new RecipeImporter(services.config, importerOptions);
  // One budget per user for pages and photos together, counted once the session is known (the scope's hook runs
  // first, so `auth` is set; anyone else was refused with 401 already).
  const rateLimit = {
    max: services.config.importRateLimitMax,
    timeWindow: 60_000,
    groupId: 'import',
    keyGenerator: (request: FastifyRequest) => `import:${request.auth?.userId ?? request.ip}`,
    errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) =>
      new HttpError(429, `Too many imports, please try again in ${retryText(context.ttl)}`),
  };

  app.post(
    '/import',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      config: { rateLimit },
      schema: {
        tags,
        summary:
          'Read a recipe from a page: { url } (the server fetches it) or { html, url? } (pasted). Answers a preview; nothing is saved',
        body: importRequestSchema,
        response: responses(importResponseSchema),
      },
    },
    async (request, reply) => ok(reply, await importer.preview(request.body)),
  );

  app.post(
    '/import/photo',
    {
      config: { rateLimit },
      schema: {
        tags,
        summary:
          "Fetch one of a preview's imageUrls safely; answers the photo as image/jpeg (re-encoded, no metadata), for the create form to upload",
        body: importPhotoRequestSchema,
      },
    },
    async (request, reply) => {
      const photo = await importer.photo(request.body.url);
      return reply
        .header('content-type', 'image/jpeg')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', 'attachment; filename="imported-photo.jpg"')
        .send(photo);
    },
  );
};

export const recipeImportRoutes: FastifyPluginAsyncZod<{ services: Services; importer?: RecipeImporterOptions }> =
  signedIn(importRoutes);
