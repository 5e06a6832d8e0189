import type {
  ClearCheckedResponse,
  CreateShoppingItemInput,
  DateRange,
  FromRecipeInput,
  ShoppingItem,
  ShoppingList,
  ShoppingListChange,
  UpdateShoppingItemInput,
} from '@forkful/contracts';
import { api } from '@/lib/api';
import { request } from '@/lib/transport';

export const shoppingListApi = api.enhanceEndpoints({ addTagTypes: ['ShoppingList'] }).injectEndpoints({
  endpoints: (build) => ({
    getShoppingList: build.query<ShoppingList, void>({
      query: () => '/shopping-list',
      providesTags: ['ShoppingList'],
    }),
    addFromMealPlan: build.mutation<ShoppingListChange, DateRange>({
      query: (range) => ({ url: '/shopping-list/from-meal-plan', method: 'POST', json: range }),
      // The answer is the whole list: no second request for it.
      async onQueryStarted(_range, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(shoppingListApi.util.upsertQueryData('getShoppingList', undefined, { items: data.items }));
      },
    }),
    addFromRecipe: build.mutation<ShoppingListChange, FromRecipeInput>({
      query: (body) => ({ url: '/shopping-list/from-recipe', method: 'POST', json: body }),
      // The answer is the whole list too.
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(shoppingListApi.util.upsertQueryData('getShoppingList', undefined, { items: data.items }));
      },
    }),
  }),
});

export const { useGetShoppingListQuery, useAddFromMealPlanMutation, useAddFromRecipeMutation } = shoppingListApi;

/*
 * The line changes the offline queue sends (offline-queue.ts), one request each, outside RTK Query: the queue decides
 * when they go and what a failure means.
 */
export const sendShoppingChange = {
  create: (body: CreateShoppingItemInput) =>
    request<ShoppingItem>('/shopping-list/items', { method: 'POST', json: body }),
  update: (id: string, body: UpdateShoppingItemInput) =>
    request<ShoppingItem>(`/shopping-list/items/${encodeURIComponent(id)}`, { method: 'PATCH', json: body }),
  remove: (id: string) =>
    request<{ _id: string }>(`/shopping-list/items/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  clearChecked: () => request<ClearCheckedResponse>('/shopping-list/checked', { method: 'DELETE' }),
};
