import { chunkOf, RECIPE_PAGE_SIZE, type RecipeCard, type RecipeList } from '@forkful/contracts';

/*
 * The recipe list shows 12 per page but asks the API for 24 at a time (spec sections 4 and 9). Which chunk a page
 * needs is in the contracts, because the server answers the first one inside the HTML (docs/decisions/011).
 */
export { chunkOf, parsePage } from '@forkful/contracts';

export function totalUiPages(totalRecipeCount: number): number {
  return Math.max(1, Math.ceil(totalRecipeCount / RECIPE_PAGE_SIZE));
}

export function recipesOfPage(chunk: RecipeList, uiPage: number): RecipeCard[] {
  const { offset } = chunkOf(uiPage);
  return chunk.recipes.slice(offset, offset + RECIPE_PAGE_SIZE);
}

/**
 * The chunk to fetch ahead: the one holding the page across the chunk edge from this one, if it exists
 * (page 2 → the chunk of page 3; page 3 → the chunk of page 2).
 */
export function neighbourChunk(uiPage: number, totalRecipeCount: number): number | null {
  const total = totalUiPages(totalRecipeCount);
  const { page, offset } = chunkOf(uiPage);
  const across = offset === 0 ? uiPage - 1 : uiPage + 1;
  if (across < 1 || across > total) return null;
  const other = chunkOf(across).page;
  return other === page ? null : other;
}
