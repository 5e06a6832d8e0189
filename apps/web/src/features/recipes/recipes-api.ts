import type { Recipe, RecipeCard, RecipeList, RecipeView } from '@forkful/contracts';
import { api } from '@/lib/api';
import { request } from '@/lib/transport';

export interface ChunkArgs {
  page: number;
  limit: number;
}

export interface UpdateRecipeBody {
  title: string;
  introduction: string;
  /** The spec's update call sends cooking time as a string. */
  cookingTime: string;
  /** Issue 17: null clears them. */
  servings: number | null;
  yieldText: string | null;
  ingredients: string[];
  steps: string[];
  isPublished: boolean;
}

const listTags = ['RecipeList', 'RandomRecipes', 'CreatedRecipes', 'SavedRecipes'] as const;

export const recipesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getRecipeChunk: build.query<RecipeList, ChunkArgs>({
      query: ({ page, limit }) => ({ url: '/recipes/all', query: { page, limit } }),
      providesTags: ['RecipeList'],
    }),
    getRecipe: build.query<RecipeView, string>({
      query: (id) => `/recipes/${encodeURIComponent(id)}/view-recipe`,
      providesTags: (_result, _error, id) => [{ type: 'Recipe', id }],
    }),
    updateRecipe: build.mutation<Recipe, { id: string; body: UpdateRecipeBody }>({
      query: ({ id, body }) => ({
        url: `/recipes/${encodeURIComponent(id)}/update-recipe`,
        method: 'PATCH',
        json: body,
      }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Recipe', id }, ...listTags],
    }),
    deleteRecipePhoto: build.mutation<Recipe, string>({
      query: (id) => ({ url: `/recipes/${encodeURIComponent(id)}/delete-recipe-photo`, method: 'PATCH' }),
      invalidatesTags: (_result, _error, id) => [{ type: 'Recipe', id }, ...listTags],
    }),
    deleteRecipe: build.mutation<{ _id: string }, string>({
      query: (id) => ({ url: `/recipes/${encodeURIComponent(id)}/delete-recipe`, method: 'DELETE' }),
      // The recipe itself is gone: refetching it would only produce a 404 on the page we are leaving.
      invalidatesTags: [...listTags],
    }),
    checkSaved: build.query<{ isSaved: boolean }, string>({
      query: (id) => `/recipes/${encodeURIComponent(id)}/check-saved`,
      providesTags: (_result, _error, id) => [{ type: 'SavedState', id }],
    }),
    saveRecipe: build.mutation<{ recipe: RecipeCard }, string>({
      query: (id) => ({ url: `/recipes/${encodeURIComponent(id)}/save-recipe`, method: 'POST' }),
      // The button flips at once (spec section 4); a failure puts it back.
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          recipesApi.util.updateQueryData('checkSaved', id, (draft) => ({ ...draft, isSaved: true })),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
      invalidatesTags: ['SavedRecipes'],
    }),
    unsaveRecipe: build.mutation<{ recipe: RecipeCard }, string>({
      query: (id) => ({ url: `/recipes/${encodeURIComponent(id)}/unsave-recipe`, method: 'DELETE' }),
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          recipesApi.util.updateQueryData('checkSaved', id, (draft) => ({ ...draft, isSaved: false })),
        );
        try {
          await queryFulfilled;
        } catch {
          // A failed unsave reverts to saved (spec section 4).
          patch.undo();
        }
      },
      invalidatesTags: ['SavedRecipes'],
    }),
  }),
});

export const {
  useGetRecipeChunkQuery,
  useGetRecipeQuery,
  useUpdateRecipeMutation,
  useDeleteRecipePhotoMutation,
  useDeleteRecipeMutation,
  useCheckSavedQuery,
  useSaveRecipeMutation,
  useUnsaveRecipeMutation,
  usePrefetch,
} = recipesApi;

/**
 * Multipart calls go through XMLHttpRequest for upload progress, outside the cache; callers invalidate after. The
 * signal lets the user stop an upload on its way.
 */
export function createRecipe(form: FormData, onUploadProgress: (fraction: number) => void, signal?: AbortSignal) {
  return request<{ _id: string }>('/recipes/create-recipe', { method: 'POST', form, onUploadProgress, signal });
}

export function updateRecipePhoto(
  id: string,
  photo: File,
  onUploadProgress: (fraction: number) => void,
  signal?: AbortSignal,
) {
  const form = new FormData();
  form.append('recipePhoto', photo);
  return request<Recipe>(`/recipes/${encodeURIComponent(id)}/update-recipe-photo`, {
    method: 'PATCH',
    form,
    onUploadProgress,
    signal,
  });
}

export function invalidateAfterUpload(id?: string) {
  return api.util.invalidateTags([...listTags, ...(id ? [{ type: 'Recipe' as const, id }] : [])]);
}
