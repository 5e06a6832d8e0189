import type { Middleware } from '@reduxjs/toolkit';
import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import { ApiError, normaliseError, type ApiErrorShape } from './api-error';
import { registerApi } from './api-registry';
import { request, type ExpectedFailure, type QueryParams } from './transport';
import { sessionChanged } from './session';

export interface HttpArgs {
  url: string;
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  query?: QueryParams;
  json?: unknown;
  /** An answer that is normal for this request although it is a failure: not logged as an error. */
  notAnError?: ExpectedFailure;
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
  tagTypes: [
    'Recipe',
    'RecipeList',
    'RandomRecipes',
    'SavedRecipes',
    'CreatedRecipes',
    'SavedState',
    'Review',
    'MyReview',
    'User',
  ],
  endpoints: () => ({}),
});

/** Answers that depend on who is asking: drafts, saved state, one's own review, one's profile. */
const sessionDependentTags = [
  'Recipe',
  'RecipeList',
  'SavedRecipes',
  'CreatedRecipes',
  'SavedState',
  'MyReview',
  'User',
] as const;

const refetchOnSessionChange: Middleware = (store) => (next) => (action) => {
  const result = next(action);
  // Queries still on screen refetch as the new user; those of pages that have gone are dropped from the cache.
  if (sessionChanged.match(action)) {
    store.dispatch(api.util.invalidateTags([...sessionDependentTags]));
  }
  return result;
};

registerApi({ reducerPath: 'api', reducer: api.reducer, middleware: [api.middleware, refetchOnSessionChange] });
