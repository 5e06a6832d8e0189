import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import { ApiError, normaliseError, type ApiErrorShape } from './api-error';
import { request, type QueryParams } from './http';

export interface HttpArgs {
  url: string;
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  query?: QueryParams;
  json?: unknown;
}

/** RTK Query speaks to the API through the same transport as everything else; errors stay plain objects. */
export const httpBaseQuery: BaseQueryFn<HttpArgs | string, unknown, ApiErrorShape> = async (args, { signal }) => {
  const { url, ...options } = typeof args === 'string' ? { url: args } : args;
  try {
    return { data: await request<unknown>(url, { ...options, signal }) };
  } catch (error) {
    const normalised = error instanceof ApiError ? error : normaliseError({ kind: 'send-failed', cause: error });
    return { error: normalised.toJSON() };
  }
};

/** One cache for server data; each feature injects its own endpoints. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: httpBaseQuery,
  tagTypes: ['Recipe', 'RecipeList', 'RandomRecipes', 'SavedRecipes', 'CreatedRecipes', 'SavedState', 'Review', 'MyReview', 'User'],
  endpoints: () => ({}),
});
