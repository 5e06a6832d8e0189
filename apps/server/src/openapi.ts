import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { z } from 'zod';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * The fields of a multipart/form-data body, for the OpenAPI document only. Such a body is read by
     * `readMultipart` and validated by the handler, never by the type provider (a `body` schema would be).
     */
    multipartBody?: z.ZodObject;
  }
}

/**
 * The OpenAPI transform: the zod type provider's, plus the request body of multipart routes, converted from their
 * `multipartBody` description exactly as a `body` schema would be.
 */
export const openApiTransform: typeof jsonSchemaTransform = (input) => {
  const { multipartBody, ...schema } = input.schema as typeof input.schema & { multipartBody?: z.ZodObject };
  if (!multipartBody) return jsonSchemaTransform(input);
  return jsonSchemaTransform({ ...input, schema: { ...schema, body: multipartBody } });
};
