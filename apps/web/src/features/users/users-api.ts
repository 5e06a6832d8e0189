import type { RecipeCard, UpdatePasswordInput, User } from '@forkful/contracts';
import { api } from '@/lib/api';
import { request } from '@/lib/transport';

/**
 * What shows a user's name: their profile, every recipe card and recipe page of theirs ('by …'), and their reviews.
 * A rename refetches all of it, so nothing says 'by' the old name until a reload.
 */
const nameShownIn = (id: string) =>
  [
    { type: 'User' as const, id },
    'Recipe',
    'RecipeList',
    'RandomRecipes',
    'CreatedRecipes',
    'SavedRecipes',
    'Review',
    'MyReview',
  ] as const;

/** What shows a user's avatar: their profile and their reviews (recipe cards show no avatar). */
const avatarShownIn = (id: string) => [{ type: 'User' as const, id }, 'Review', 'MyReview'] as const;

export const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUser: build.query<{ user: User }, string>({
      query: (id) => `/users/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'User', id }],
    }),
    getCreatedRecipes: build.query<{ recipes: RecipeCard[] }, string>({
      query: (userId) => `/recipes/created-recipes/${encodeURIComponent(userId)}`,
      providesTags: ['CreatedRecipes'],
    }),
    getSavedRecipes: build.query<{ recipes: RecipeCard[] }, void>({
      query: () => '/recipes/saved-recipes',
      providesTags: ['SavedRecipes'],
    }),
    updateDetails: build.mutation<{ user: User }, { name: string }>({
      query: (body) => ({ url: '/users/update-details', method: 'PATCH', json: body }),
      invalidatesTags: (result) => (result ? [...nameShownIn(result.user._id)] : []),
    }),
    removeAvatar: build.mutation<{ user: User }, void>({
      query: () => ({ url: '/users/remove-avatar', method: 'PATCH' }),
      invalidatesTags: (result) => (result ? [...avatarShownIn(result.user._id)] : []),
    }),
    updatePassword: build.mutation<null, UpdatePasswordInput>({
      query: (body) => ({ url: '/users/update-password', method: 'PATCH', json: body }),
    }),
    deleteAccount: build.mutation<null, void>({
      query: () => ({ url: '/users/delete', method: 'DELETE' }),
    }),
  }),
});

export const {
  useGetUserQuery,
  useGetCreatedRecipesQuery,
  useGetSavedRecipesQuery,
  useUpdateDetailsMutation,
  useRemoveAvatarMutation,
  useUpdatePasswordMutation,
  useDeleteAccountMutation,
} = usersApi;

/** Multipart with upload progress, outside the cache; the caller refreshes the user afterwards. */
export function updateAvatar(file: File, onUploadProgress: (fraction: number) => void) {
  const form = new FormData();
  form.append('avatar', file);
  return request<{ user: User }>('/users/update-avatar', { method: 'PATCH', form, onUploadProgress });
}

/** After a new avatar was uploaded. */
export function invalidateUser(id: string) {
  return api.util.invalidateTags([...avatarShownIn(id)]);
}
