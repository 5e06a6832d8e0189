import { RECIPE_FETCH_SIZE, RECIPE_PAGE_SIZE, type RecipeCard, type RecipeList } from '@forkful/contracts';

/**
 * The recipe list shows 12 per page but asks the API for 24 at a time (spec section 4 and 9): one API "chunk"
 * holds two screen pages, so the neighbouring page is already in the cache.
 */
const PAGES_PER_CHUNK = RECIPE_FETCH_SIZE / RECIPE_PAGE_SIZE;

export function chunkOf(uiPage: number): { page: number; limit: number; offset: number } {
  const page = Math.ceil(uiPage / PAGES_PER_CHUNK);
  return { page, limit: RECIPE_FETCH_SIZE, offset: ((uiPage - 1) % PAGES_PER_CHUNK) * RECIPE_PAGE_SIZE };
}

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

/** The page number of the URL, forgiving anything that is not a positive whole number. */
export function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}
