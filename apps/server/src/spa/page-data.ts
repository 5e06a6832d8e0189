import {
  apiUrl,
  CARD_SIZES,
  chunkOf,
  idSchema,
  matchClientPage,
  parsePage,
  RECIPE_PHOTO_SIZES,
  recipeListQuerySchema,
  recipeListSchema,
  recipeViewSchema,
  srcSetOf,
  successEnvelope,
  type DrawnPagePath,
  type PageParams,
  type RecipeCard,
  type RecipeView,
} from '@forkful/contracts';
import { z } from 'zod';
import { HttpError } from '../errors.js';
import { successBody } from '../http.js';
import { publishedRecipePage, visibleRecipe } from '../routes/recipes/recipe-reads.js';
import type { Services } from '../services/container.js';

export type PageReaders = Pick<Services, 'recipes' | 'map'>;

/** What the HTML of one page carries ahead of the page's code (docs/decisions/011). */
export interface PageAnswer {
  /** The API address the page requests first, exactly as the web client builds it (`apiUrl`). */
  url: string;
  /** The API's answer to that request, serialised as its route serialises it. */
  json: string;
  /** The page's largest photo, with the srcset and sizes its `<img>` uses. */
  photo: { srcset: string; sizes: string } | undefined;
  /** A published recipe's page: the recipe, for its head (canonical link, structured data; page-head.ts). */
  recipe?: RecipeView;
}

/** How the server reads the answer to a drawn page's first request, per page of the table. */
type AnswerReader = (
  request: { url: string; query: URLSearchParams },
  page: { url: URL; params: PageParams },
  readers: PageReaders,
) => Promise<PageAnswer | undefined>;

const answerReaders: Record<DrawnPagePath, AnswerReader> = {
  '/recipes': async (request, page, readers) => {
    // A page the API refuses (past its limit) is left to the browser, which shows the API's answer as it does today.
    const query = recipeListQuerySchema.safeParse(Object.fromEntries(request.query));
    if (!query.success) return undefined;
    const list = await publishedRecipePage(readers, query.data.page, query.data.limit);
    const first = list.recipes[chunkOf(parsePage(page.url.searchParams.get('page'))).offset];
    return { url: request.url, json: serialise(recipeListSchema, list), photo: first && photoOf(first, CARD_SIZES) };
  },
  '/view-recipe/:recipeId': async (request, { params }, readers) => {
    const id = idSchema.safeParse(params.recipeId);
    if (!id.success) return undefined;
    try {
      const recipe = await visibleRecipe(readers, id.data, null);
      return {
        url: request.url,
        json: serialise(recipeViewSchema, recipe),
        photo: photoOf(recipe, RECIPE_PHOTO_SIZES),
        recipe,
      };
    } catch (error) {
      // Unknown, or someone's draft: the browser asks with its own cookies, so an author still sees their draft.
      if (error instanceof HttpError && error.statusCode === 404) return undefined;
      throw error;
    }
  },
};

/**
 * The answer to the first request of the page at `url` (CLIENT_PAGES in the contracts), for the pages whose largest
 * paint waits on data: the All Recipes grid and a recipe. Only answers that are the same for everyone are given
 * (published recipes, as an anonymous visitor sees them), so the HTML does not depend on who asks. Undefined means
 * "no answer here, the browser asks"; a database failure is thrown for the caller to fall back on.
 */
export async function pageAnswerFor(url: URL, readers: PageReaders): Promise<PageAnswer | undefined> {
  const { page, params } = matchClientPage(url.pathname) ?? {};
  const first = page?.drawn && params && page.firstRequests?.(url, params)[0];
  if (!first) return undefined;
  const address = apiUrl(first);
  const request = { url: address, query: new URL(address, 'http://forkful.invalid').searchParams };
  return answerReaders[page.path as DrawnPagePath](request, { url, params }, readers);
}

function photoOf(recipe: Pick<RecipeCard, 'recipePhotoVariants'>, sizes: string): PageAnswer['photo'] {
  const srcset = srcSetOf(recipe.recipePhotoVariants);
  return srcset ? { srcset, sizes } : undefined;
}

/**
 * What the route sends: its response schema is `responses(data)`, whose 200 entry is this envelope, and its
 * serializer (fastify-type-provider-zod) sends `JSON.stringify` of the envelope encoded by that schema.
 */
function serialise<T extends z.ZodType>(data: T, value: z.output<T>): string {
  return JSON.stringify(z.encode(successEnvelope(data), successBody(value)));
}
