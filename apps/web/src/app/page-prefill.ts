import {
  apiUrl,
  CLIENT_PAGES,
  type ApiRequest,
  type DrawnPagePath,
  type PageData,
  type PageParams,
  type RecipeList,
  type RecipeView,
} from '@forkful/contracts';
import { matchRoutes } from 'react-router';
import { recipesApi } from '@/features/recipes/recipes-api';
import { sameRequest } from '@/lib/page-data';
import type { AppStore } from './store';

/** Where the answer to a drawn page's first request goes in the data cache: the entry the page's hook reads. */
const prefills: Record<DrawnPagePath, (store: AppStore, first: ApiRequest, params: PageParams, data: unknown) => void> =
  {
    '/recipes': (store, first, _params, data) => {
      const { page, limit } = first.query as { page: number; limit: number };
      store.dispatch(
        recipesApi.util.upsertQueryEntries([
          { endpointName: 'getRecipeChunk', arg: { page, limit }, value: data as RecipeList },
        ]),
      );
    },
    '/view-recipe/:recipeId': (store, _first, { recipeId }, data) => {
      if (!recipeId) return;
      store.dispatch(
        recipesApi.util.upsertQueryEntries([{ endpointName: 'getRecipe', arg: recipeId, value: data as RecipeView }]),
      );
    },
  };

const drawnPages = CLIENT_PAGES.filter((page) => 'drawn' in page);

/**
 * Puts a page's first API answer (the one the server put into the HTML, docs/decisions/011) into the data cache
 * before the page's first render, on the server that draws the page and in the browser that adopts it
 * (docs/decisions/014): both then render the page itself, not its skeleton. Only an answer to exactly the request
 * the page makes first (CLIENT_PAGES) is used; false when there is none.
 */
export function prefillPage(store: AppStore, location: URL, data: PageData): boolean {
  const body = data.body as { success?: unknown; data?: unknown } | null;
  if (body?.success !== true || body.data === undefined) return false;
  // React Router's own matching, which decodes the path as the page's useParams will see it.
  const [match] = matchRoutes(drawnPages, location.pathname) ?? [];
  if (!match) return false;
  const first = match.route.firstRequests(location, match.params)[0];
  if (!first || !sameRequest(data.url, apiUrl(first))) return false;
  prefills[match.route.path](store, first, match.params, body.data);
  return true;
}
