import { z } from 'zod';

/** The one error shape of the API (every 4xx and 5xx). `message` is the reason the client shows. */
export const errorEnvelopeSchema = z.object({
  success: z.literal(false),
  statusCode: z.number(),
  message: z.string(),
});

export function successEnvelope<T extends z.ZodType>(data: T) {
  return z.object({
    success: z.literal(true),
    statusCode: z.number(),
    message: z.string(),
    data,
  });
}
