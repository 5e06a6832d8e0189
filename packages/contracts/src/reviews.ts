import { z } from 'zod';
import { REVIEW_COMMENT_MAX } from './constants.js';
import { timestampSchema } from './fields.js';
import { messages } from './messages.js';
import { avatarSchema } from './users.js';

export const reviewSchemaInput = z.object({
  rating: z
    .number({ error: messages.ratingRequired })
    .int(messages.ratingRange)
    .min(1, messages.ratingRange)
    .max(5, messages.ratingRange),
  comment: z.string().trim().max(REVIEW_COMMENT_MAX, messages.commentTooLong).default(''),
});
export type ReviewInput = z.input<typeof reviewSchemaInput>;
export type ReviewValues = z.output<typeof reviewSchemaInput>;

export const reviewPageQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'Page must be a whole number' })
    .int('Page must be a whole number')
    .min(1, 'Page must be at least 1')
    .max(1_000_000, 'Page is too large')
    .default(1),
});

export const reviewSchema = z.object({
  _id: z.string(),
  recipe: z.string(),
  rating: z.number(),
  comment: z.string(),
  owner: z.object({ _id: z.string(), name: z.string(), avatar: avatarSchema }),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type Review = z.infer<typeof reviewSchema>;

export const reviewListSchema = z.object({
  reviews: z.array(reviewSchema),
  curPage: z.number(),
  totalPages: z.number(),
  totalReviews: z.number(),
});
export type ReviewList = z.infer<typeof reviewListSchema>;
