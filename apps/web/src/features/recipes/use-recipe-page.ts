import { useEffect } from 'react';
import { chunkOf, neighbourChunk, recipesOfPage, totalUiPages } from './recipe-pages';
import { useGetRecipeChunkQuery, usePrefetch } from './recipes-api';

/** One screen page of the recipe list, served from 24-recipe chunks, with the chunk across the edge prefetched. */
export function useRecipePage(uiPage: number) {
  const chunk = chunkOf(uiPage);
  const query = useGetRecipeChunkQuery({ page: chunk.page, limit: chunk.limit });
  const prefetch = usePrefetch('getRecipeChunk');
  const total = query.data?.totalRecipeCount;

  useEffect(() => {
    if (total === undefined) return;
    const neighbour = neighbourChunk(uiPage, total);
    if (neighbour !== null) prefetch({ page: neighbour, limit: chunk.limit });
  }, [uiPage, total, chunk.limit, prefetch]);

  return {
    recipes: query.data ? recipesOfPage(query.data, uiPage) : undefined,
    totalPages: query.data ? totalUiPages(query.data.totalRecipeCount) : undefined,
    isLoading: query.isFetching && !query.data,
    isFetching: query.isFetching,
    isError: query.isError && !query.data,
  };
}
