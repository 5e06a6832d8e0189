import {
  API_BASE,
  CARD_SIZES,
  chunkOf,
  idSchema,
  parsePage,
  RECIPE_PHOTO_SIZES,
  recipeListQuerySchema,
  recipeListSchema,
  recipeSchema,
  srcSetOf,
  successEnvelope,
  type RecipeCard,
} from '@forkful/contracts';
import { z } from 'zod';
import { HttpError } from '../errors.js';
import { successBody } from '../http.js';
import { publishedRecipePage, visibleRecipe } from '../routes/recipes/recipe-reads.js';
import type { Services } from '../services/container.js';

export type PageReaders = Pick<Services, 'recipes' | 'map'>;

/** What the HTML of one page carries ahead of the page's code (docs/decisions/011). */
export interface PageAnswer {
  /** The API address the page requests first, exactly as the web client's `requestEarly` builds it. */
  url: string;
  /** The API's answer to that request, serialised as its route serialises it. */
  json: string;
  /** The page's largest photo, with the srcset and sizes its `<img>` uses. */
  photo: { srcset: string; sizes: string } | undefined;
}

// React Router matches paths case-insensitively, with or without a trailing slash.
const RECIPES_PATH = /^\/recipes\/?$/i;
const VIEW_RECIPE_PATH = /^\/view-recipe\/([^/]+)\/?$/i;

/**
 * The first answer of the page at `url`, for the two pages whose largest paint waits on data: the All Recipes
 * grid and a recipe. Only answers that are the same for everyone are given (published recipes, as an anonymous
 * visitor sees them), so the HTML does not depend on who asks. Undefined means "no answer here, the browser asks";
 * a database failure is thrown for the caller to fall back on.
 */
export async function pageAnswerFor(url: URL, readers: PageReaders): Promise<PageAnswer | undefined> {
  if (RECIPES_PATH.test(url.pathname)) return recipesPage(url, readers);
  const segment = VIEW_RECIPE_PATH.exec(url.pathname)?.[1];
  if (segment) return viewRecipePage(segment, readers);
  return undefined;
}

async function recipesPage(url: URL, readers: PageReaders): Promise<PageAnswer | undefined> {
  const { page, limit, offset } = chunkOf(parsePage(url.searchParams.get('page')));
  const search = new URLSearchParams({ page: String(page), limit: String(limit) });
  // A page the API refuses (past its limit) is left to the browser, which shows the API's answer as it does today.
  const query = recipeListQuerySchema.safeParse(Object.fromEntries(search));
  if (!query.success) return undefined;
  const list = await publishedRecipePage(readers, query.data.page, query.data.limit);
  const first = list.recipes[offset];
  return {
    url: `${API_BASE}/recipes/all?${search}`,
    json: serialise(recipeListSchema, list),
    photo: first && photoOf(first, CARD_SIZES),
  };
}

async function viewRecipePage(segment: string, readers: PageReaders): Promise<PageAnswer | undefined> {
  // A UUID reads the same before and after the router decodes it, so the client's request key matches this one.
  const id = idSchema.safeParse(segment);
  if (!id.success) return undefined;
  try {
    const recipe = await visibleRecipe(readers, id.data, null);
    return {
      url: `${API_BASE}/recipes/${segment}/view-recipe`,
      json: serialise(recipeSchema, recipe),
      photo: photoOf(recipe, RECIPE_PHOTO_SIZES),
    };
  } catch (error) {
    // Unknown, or someone's draft: the browser asks with its own cookies, so an author still sees their draft.
    if (error instanceof HttpError && error.statusCode === 404) return undefined;
    throw error;
  }
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
