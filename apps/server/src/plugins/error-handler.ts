import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE, isDatabaseUnavailable } from '../db/unavailable.js';
import { HttpError } from '../errors.js';
import { RECIPE_NOT_FOUND } from '../repositories/recipes.js';
import { ACCOUNT_GONE } from '../repositories/users.js';

export function sendError(reply: FastifyReply, statusCode: number, message: string) {
  return reply.code(statusCode).type('application/json; charset=utf-8').send({ success: false, statusCode, message });
}

/** The PostgreSQL error inside a (possibly wrapped) error: its SQLSTATE code and the constraint it names. */
function databaseError(error: unknown): { code: string; constraint?: string } | undefined {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, ...(typeof constraint === 'string' ? { constraint } : {}) };
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

const UNSTORABLE_TEXT = 'The text contains a character that is not allowed';

/**
 * Database refusals caused by the request rather than the server. PostgreSQL cannot store a NUL character
 * (22021) or one the encoding lacks (22P05). A foreign key fails (23503) when a write races the deletion of what it
 * points at: the caller's own account (deleted in another tab) or session, or a recipe.
 */
function clientDatabaseError(error: unknown): { status: number; message: string } | undefined {
  const found = databaseError(error);
  if (found?.code === '22021' || found?.code === '22P05') return { status: 400, message: UNSTORABLE_TEXT };
  if (found?.code !== '23503') return undefined;
  if (/_(users|sessions)_id_fk$/.test(found.constraint ?? '')) return { status: 401, message: ACCOUNT_GONE };
  return { status: 404, message: RECIPE_NOT_FOUND };
}

/** Messages of framework errors that are safe to show, per Fastify error code. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Invalid content length',
  FST_FILES_LIMIT: 'Only one file can be uploaded',
  FST_FIELDS_LIMIT: 'Too many form fields',
  FST_PARTS_LIMIT: 'Too many form parts',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'The request is not multipart/form-data',
  FST_ERR_RATE_LIMIT: 'Too many requests, please try again later',
};

/** One error handler: every failure leaves as the envelope; 5xx details are logged, never sent. */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      // A dependency that is down for a while (photo storage) says when to try again.
      const { retryAfterSeconds, reason } = error as { retryAfterSeconds?: number; reason?: string };
      if (retryAfterSeconds) reply.header('Retry-After', String(retryAfterSeconds));
      if (reason) request.log.error({ reason }, error.message);
      return sendError(reply, error.statusCode, error.message);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      return sendError(reply, 400, first?.message ?? 'Invalid request');
    }
    const refused = clientDatabaseError(error);
    if (refused) return sendError(reply, refused.status, refused.message);
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      reply.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return sendError(reply, 503, DATABASE_UNAVAILABLE);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const known = error.code ? FRAMEWORK_MESSAGES[error.code] : undefined;
      return sendError(reply, status, known ?? (error.message || 'Bad request'));
    }
    request.log.error({ err: error, reqId: request.id }, 'unhandled error');
    return sendError(reply, 500, 'Something went wrong');
  });
});
