import type { PageData, Recipe, RecipeList } from '@forkful/contracts';
import { matchRoutes } from 'react-router';
import { chunkOf, parsePage } from '@/features/recipes/recipe-pages';
import { recipesApi } from '@/features/recipes/recipes-api';
import { buildUrl, sameRequest } from '@/lib/http';
import type { AppStore } from './store';

/**
 * Puts a page's first API answer (the one the server put into the HTML, docs/decisions/011) into the data cache
 * before the page's first render, on the server that draws the page and in the browser that adopts it
 * (docs/decisions/014): both then render the page itself, not its skeleton. Only an answer to exactly the request
 * the page makes first is used; false when there is none.
 */
export function prefillPage(store: AppStore, location: URL, data: PageData): boolean {
  const body = data.body as { success?: unknown; data?: unknown } | null;
  if (body?.success !== true || body.data === undefined) return false;

  // React Router's own matching, which decodes the path as the page's useParams will see it.
  const matched = (path: string) => matchRoutes([{ path }], location.pathname)?.[0]?.params;

  if (matched('/recipes')) {
    const { page, limit } = chunkOf(parsePage(location.searchParams.get('page')));
    if (!sameRequest(data.url, buildUrl('/recipes/all', { page, limit }))) return false;
    store.dispatch(
      recipesApi.util.upsertQueryEntries([
        { endpointName: 'getRecipeChunk', arg: { page, limit }, value: body.data as RecipeList },
      ]),
    );
    return true;
  }

  const recipeId = matched('/view-recipe/:recipeId')?.recipeId;
  if (recipeId) {
    if (!sameRequest(data.url, buildUrl(`/recipes/${encodeURIComponent(recipeId)}/view-recipe`))) return false;
    store.dispatch(
      recipesApi.util.upsertQueryEntries([{ endpointName: 'getRecipe', arg: recipeId, value: body.data as Recipe }]),
    );
    return true;
  }
  return false;
}
