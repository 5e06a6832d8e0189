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

  // currentData belongs to this page's chunk; data may still be the previous chunk while the next one loads.
  const current = query.currentData;
  return {
    recipes: current ? recipesOfPage(current, uiPage) : undefined,
    totalPages: query.data ? totalUiPages(query.data.totalRecipeCount) : undefined,
    isLoading: !current && !query.isError,
    isError: query.isError,
  };
}
