import type { RecipeCard, UpdatePasswordInput, User } from '@forkful/contracts';
import { api } from '@/lib/api';
import { request } from '@/lib/transport';

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
      invalidatesTags: (result) => (result ? [{ type: 'User', id: result.user._id }] : []),
    }),
    removeAvatar: build.mutation<{ user: User }, void>({
      query: () => ({ url: '/users/remove-avatar', method: 'PATCH' }),
      invalidatesTags: (result) => (result ? [{ type: 'User', id: result.user._id }] : []),
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

export function invalidateUser(id: string) {
  return api.util.invalidateTags([{ type: 'User', id }]);
}
