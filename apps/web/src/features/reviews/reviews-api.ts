import { messages, type Review, type ReviewList, type ReviewValues } from '@forkful/contracts';
import { api } from '@/lib/api';

/** A review changes the recipe's average rating and review count, so the recipe is refetched too. */
const recipeTags = (recipeId: string) => [
  { type: 'Recipe' as const, id: recipeId },
  'Review' as const,
  'MyReview' as const,
  'RecipeList' as const,
  'RandomRecipes' as const,
];

export const reviewsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getReviews: build.query<ReviewList, { recipeId: string; page: number }>({
      query: ({ recipeId, page }) => ({ url: `/reviews/view-all/${encodeURIComponent(recipeId)}`, query: { page } }),
      providesTags: ['Review'],
    }),
    getMyReview: build.query<Review, { userId: string; recipeId: string }>({
      query: ({ userId, recipeId }) => ({
        url: `/reviews/view/${encodeURIComponent(userId)}/${encodeURIComponent(recipeId)}`,
        // The server answers 404 'Review not found' when the reader has not reviewed the recipe yet: the usual case,
        // which shows the new-review form (spec sections 4 and 8), so it is not logged as an error.
        notAnError: { statusCode: 404, reason: messages.reviewNotFound },
      }),
      providesTags: ['MyReview'],
    }),
    createReview: build.mutation<Review, { recipeId: string; body: ReviewValues }>({
      query: ({ recipeId, body }) => ({
        url: `/reviews/create/${encodeURIComponent(recipeId)}`,
        method: 'POST',
        json: body,
      }),
      invalidatesTags: (_result, _error, { recipeId }) => recipeTags(recipeId),
    }),
    updateReview: build.mutation<Review, { reviewId: string; recipeId: string; body: ReviewValues }>({
      query: ({ reviewId, body }) => ({
        url: `/reviews/${encodeURIComponent(reviewId)}/update`,
        method: 'PATCH',
        json: body,
      }),
      invalidatesTags: (_result, _error, { recipeId }) => recipeTags(recipeId),
    }),
    deleteReview: build.mutation<{ _id: string }, { reviewId: string; recipeId: string }>({
      query: ({ reviewId }) => ({ url: `/reviews/${encodeURIComponent(reviewId)}/delete`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, { recipeId }) => recipeTags(recipeId),
    }),
  }),
});

export const {
  useGetReviewsQuery,
  useGetMyReviewQuery,
  useCreateReviewMutation,
  useUpdateReviewMutation,
  useDeleteReviewMutation,
} = reviewsApi;
