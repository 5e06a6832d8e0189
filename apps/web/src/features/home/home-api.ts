import type { RecipeCard } from '@forkful/contracts';
import { api } from '@/lib/api';

export const FEATURED_COUNT = 6;

const homeApi = api.injectEndpoints({
  endpoints: (build) => ({
    getRandomRecipes: build.query<{ recipes: RecipeCard[] }, number>({
      query: (limit) => ({ url: '/recipes/random-recipes', query: { limit } }),
      providesTags: ['RandomRecipes'],
    }),
  }),
});

export const { useGetRandomRecipesQuery } = homeApi;
