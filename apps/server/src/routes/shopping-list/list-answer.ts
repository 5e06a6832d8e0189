import type { FastifyReply } from 'fastify';
import { sendDataJson, type JsonText } from '../../http.js';

/**
 * Sends the success envelope around data whose list of lines PostgreSQL already wrote as JSON text
 * (repositories/shopping-list.ts `listJson`): the same bytes `ok` would send through the route's schema, without
 * parsing and serialising the list again. `after` are the numbers the contract puts after `items` (changed,
 * deleted), in its order.
 */
export function sendListAnswer(
  reply: FastifyReply,
  itemsJson: JsonText,
  message: string,
  after: Record<string, number> = {},
) {
  const extra = Object.entries(after).map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`);
  return sendDataJson(reply, ['{"items":', itemsJson, ...extra.map((pair) => `,${pair}`), '}'], message);
}
