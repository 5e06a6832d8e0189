import type { RecommendedList, SimilarList } from '@forkful/contracts';
import { api } from '@/lib/api';

export const FOR_YOU_COUNT = 6;
export const RECOMMENDED_PAGE_COUNT = 24;
export const SIMILAR_COUNT = 6;

/*
 * Both answers depend on what the viewer saved and reviewed: they are tagged with the tags a save or a review
 * invalidates, so saving a recipe refetches them (a saved recipe leaves the lists), as does logging in or out.
 */
const recommendationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getRecommended: build.query<RecommendedList, number>({
      query: (limit) => ({ url: '/recipes/recommended', query: { limit } }),
      providesTags: ['SavedRecipes', 'MyReview'],
    }),
    getSimilar: build.query<SimilarList, { id: string; limit: number }>({
      query: ({ id, limit }) => ({ url: `/recipes/${encodeURIComponent(id)}/similar`, query: { limit } }),
      providesTags: ['SavedRecipes', 'MyReview'],
    }),
  }),
});

export const { useGetRecommendedQuery, useGetSimilarQuery } = recommendationsApi;
