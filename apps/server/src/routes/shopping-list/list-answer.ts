import type { FastifyReply } from 'fastify';

/**
 * Sends the success envelope around data whose list of lines PostgreSQL already wrote as JSON text
 * (repositories/shopping-list.ts `listJson`): the same bytes `ok` would send through the route's schema, without
 * parsing and serialising the list again. `after` are the numbers the contract puts after `items` (changed,
 * deleted), in its order.
 */
export function sendListAnswer(
  reply: FastifyReply,
  itemsJson: string,
  message: string,
  after: Record<string, number> = {},
) {
  const extra = Object.entries(after).map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`);
  const data = [`"items":${itemsJson}`, ...extra].join(',');
  // A string with a JSON content type is sent as it is (Fastify skips the route's serializer for strings).
  return reply
    .code(200)
    .type('application/json; charset=utf-8')
    .send(`{"success":true,"statusCode":200,"message":${JSON.stringify(message)},"data":{${data}}}`);
}
