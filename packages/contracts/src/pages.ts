import { RECIPE_FETCH_SIZE, RECIPE_PAGE_SIZE } from './constants.js';

/*
 * What the web client's first request and largest photo are on a page, written once for both sides: the server
 * answers an HTML request for /recipes or /view-recipe/{id} with that request's data and a preload of that photo
 * (docs/decisions/011). The browser reuses a preloaded image only when the preload and the <img> pick the same
 * candidate, so both must use the very same srcset and sizes; the data is used only when its request matches.
 */

/** The id of the `<script type="application/json">` element that carries the page's first answer. */
export const PAGE_DATA_ELEMENT_ID = 'forkful-page-data';

/** What that element holds: the API address as the client builds it, and the API's answer to it. */
export interface PageData {
  url: string;
  body: unknown;
}

export interface PhotoVariant {
  width: number;
  url: string;
}

/** `srcset` from the API's fixed-width WebP variants. */
export function srcSetOf(variants: readonly PhotoVariant[] | undefined): string | undefined {
  if (!variants || variants.length === 0) return undefined;
  return [...variants]
    .sort((a, b) => a.width - b.width)
    .map((variant) => `${variant.url} ${variant.width}w`)
    .join(', ');
}

/**
 * Grid cards, as laid out by `container-page` (1rem padding on phones, 2rem from sm, at most 76rem wide) and the
 * grid (one column on phones; two from sm = 641px with a 1.5rem gap; three from lg = 1024px). A 375px phone at 2x
 * needs 686px, so it picks the 800w variant, never the 1280w one.
 */
export const CARD_SIZES =
  '(max-width: 640px) calc(100vw - 2rem), (max-width: 1023px) calc(50vw - 2.75rem), (max-width: 1215px) calc(33.3vw - 2.35rem), 368px';

/** The view-recipe photo: full width of `container-page` up to lg, then the wider of the two columns. */
export const RECIPE_PHOTO_SIZES =
  '(max-width: 640px) calc(100vw - 2rem), (max-width: 1023px) calc(100vw - 4rem), 640px';

/**
 * The recipe list shows 12 per page but asks the API for 24 at a time (spec sections 4 and 9): one API "chunk"
 * holds two screen pages, so the neighbouring page is already in the cache.
 */
const PAGES_PER_CHUNK = RECIPE_FETCH_SIZE / RECIPE_PAGE_SIZE;

export function chunkOf(uiPage: number): { page: number; limit: number; offset: number } {
  const page = Math.ceil(uiPage / PAGES_PER_CHUNK);
  return { page, limit: RECIPE_FETCH_SIZE, offset: ((uiPage - 1) % PAGES_PER_CHUNK) * RECIPE_PAGE_SIZE };
}

/** The page number of the URL, forgiving anything that is not a positive whole number. */
export function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}
