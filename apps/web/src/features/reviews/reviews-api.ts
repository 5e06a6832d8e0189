import type { Review, ReviewList, ReviewValues } from '@forkful/contracts';
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
      query: ({ userId, recipeId }) => `/reviews/view/${encodeURIComponent(userId)}/${encodeURIComponent(recipeId)}`,
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
