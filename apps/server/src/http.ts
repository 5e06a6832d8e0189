import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorEnvelopeSchema, fileTooLarge, successEnvelope } from '@forkful/contracts';
import type { z } from 'zod';
import { badRequest, HttpError, payloadTooLarge } from './errors.js';
import { receiveUpload } from './plugins/load-shedding.js';
import type { UploadedImage } from './services/images.js';

/** The success envelope around `data`. */
export function successBody<T>(data: T, message = 'Success', statusCode = 200) {
  return { success: true as const, statusCode, message, data };
}

/** Sends the success envelope. */
export function ok<T>(reply: FastifyReply, data: T, message = 'Success', statusCode = 200) {
  return reply.code(statusCode).send(successBody(data, message, statusCode));
}

/**
 * A route's serializer for a hot read whose answer the server builds itself, field by field, in the contract's shape
 * and order (services/mappers.ts): `JSON.stringify` of the answer, the text zod's serializer would send, without
 * validating and re-encoding it on every request. The route's response schema stays, for OpenAPI; a test checks the
 * answer against it. Used by GET /recipes/{id}/view-recipe, whose answer issue 17 doubled (ingredientDetails):
 * about 2,300 → 1,760 requests/s with zod's pass (bench/results/perf-2026-11-26.md).
 */
export const trustedJsonSerializer = () => (data: unknown) => JSON.stringify(data);

/** JSON text, as a string or as UTF-8 bytes (a kept answer: services/kept-answers.ts). */
export type JsonText = string | Buffer;

/** JSON text made of pieces: one string when every piece is one, else the bytes of them all (one copy). */
export function joinJson(parts: readonly JsonText[]): JsonText {
  if (parts.every((part): part is string => typeof part === 'string')) return parts.join('');
  return Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : part)));
}

/**
 * Sends the success envelope around `dataJson`, data the server already holds as JSON text in the contract's shape
 * and order (a kept answer, or one PostgreSQL wrote), whole or in pieces: the bytes `ok` would send through the
 * route's schema, without parsing and serialising it again. A string or a Buffer with a JSON content type is sent as
 * it is (Fastify skips the route's serializer for both); a test per route checks the bytes against the schema.
 */
export function sendDataJson(reply: FastifyReply, dataJson: JsonText | readonly JsonText[], message = 'Success') {
  const head = `{"success":true,"statusCode":200,"message":${JSON.stringify(message)},"data":`;
  const parts = typeof dataJson === 'string' || Buffer.isBuffer(dataJson) ? [dataJson] : dataJson;
  return reply
    .code(200)
    .type('application/json; charset=utf-8')
    .send(joinJson([head, ...parts, '}']));
}

/** Response schemas for a route: the success envelope around `data`, and the one error envelope. */
export function responses<T extends z.ZodType>(data: T, successCode = 200) {
  return {
    [successCode]: successEnvelope(data),
    '4xx': errorEnvelopeSchema,
    '5xx': errorEnvelopeSchema,
  };
}

/** Validates with a contract schema; a failure is 400 with the first message (spec section 5 texts). */
export function parseWith<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (!result.success) throw badRequest(result.error.issues[0]?.message ?? 'Invalid request');
  return result.data;
}

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const MALFORMED_MULTIPART = 'The multipart body is malformed';

interface MultipartForm {
  /** Text fields; a list field (`arrayFields`) holds its entries, items not yet validated. */
  fields: Record<string, string | unknown[]>;
  /** `bytes` are in a temporary file, removed when the response closes; the image pipeline reads them from there. */
  file: { fieldName: string; bytes: UploadedImage } | undefined;
}

/**
 * The entries one form field of a list brings: itself, or, when it holds a JSON array (as many FormData clients
 * send a list), the array's items. Those are left for the contract to validate like any other entry (`[""]` is an
 * empty list entry, `[1]` is not text), so the JSON's literal text is never kept as an entry.
 */
function listEntries(value: string): unknown[] {
  const text = value.trim();
  if (!text.startsWith('[') || !text.endsWith(']')) return [value];
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed : [value];
  } catch {
    // An entry such as '[to taste]' merely looks like JSON.
    return [value];
  }
}

/**
 * Reads a whole multipart body within explicit limits. Only `fileField` may carry a file; fields named in
 * `arrayFields` always come out as arrays (a repeated form field, or one field holding a JSON array). The file is
 * streamed to a temporary file, not held in memory (tens of concurrent 10 MB uploads would be), and only once it has
 * arrived whole does anything read it, so a truncated or oversized upload never reaches the database or storage. A
 * file that finds the image queue full is refused with 503 before it is written anywhere.
 */
export async function readMultipart(
  request: FastifyRequest,
  options: { fileField: string; arrayFields?: readonly string[]; maxFileBytes: number },
): Promise<MultipartForm> {
  if (!request.isMultipart()) throw badRequest('The request must be multipart/form-data');
  const fields: Record<string, string | unknown[]> = Object.create(null) as Record<string, string | unknown[]>;
  for (const name of options.arrayFields ?? []) fields[name] = [];
  let file: MultipartForm['file'];
  const tooLarge = () => payloadTooLarge(fileTooLarge(options.maxFileBytes));
  try {
    const parts = request.parts({
      limits: {
        fileSize: options.maxFileBytes,
        files: 1,
        fields: 250,
        fieldSize: 64 * 1024,
        parts: 260,
        headerPairs: 100,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== options.fileField) {
          part.file.resume();
          throw badRequest(`Unexpected file field '${part.fieldname.slice(0, 40)}'`);
        }
        const upload = await receiveUpload(request, part.file);
        if (part.file.truncated) throw tooLarge();
        if (upload.size > 0) file = { fieldName: part.fieldname, bytes: upload };
        continue;
      }
      if (FORBIDDEN_KEYS.has(part.fieldname)) continue;
      const value = typeof part.value === 'string' ? part.value : String(part.value);
      const existing = fields[part.fieldname];
      if (Array.isArray(existing)) existing.push(...listEntries(value));
      else if (!Object.hasOwn(fields, part.fieldname)) fields[part.fieldname] = value;
    }
  } catch (error) {
    if ((error as { code?: unknown })?.code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    // Our own refusals and the multipart limits (413) carry a status and stand. Anything else is the parser failing
    // on a body that is not well-formed multipart (busboy throws plain Errors): the client's fault, not a 500.
    if (error instanceof HttpError || typeof (error as { statusCode?: unknown })?.statusCode === 'number') throw error;
    throw badRequest(MALFORMED_MULTIPART);
  }
  return { fields, file };
}
