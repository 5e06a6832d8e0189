import { z } from 'zod';

/** GET /uploads/limits: what the server accepts, so a client can refuse a file before sending it. */
export const uploadLimitsSchema = z.object({
  /** The largest file one upload may carry, in bytes (MAX_UPLOAD_MB). */
  maxUploadBytes: z.number().int().positive(),
});
export type UploadLimits = z.infer<typeof uploadLimitsSchema>;
