import { z } from 'zod';

/*
 * Recipe import (issue 21, docs/decisions/022-recipe-import.md): POST /recipes/import reads a schema.org Recipe from
 * a page the server fetches (`url`) or a page the cook pasted (`html`, with `url` only for relative links), and
 * answers a preview the add-recipe form is filled with. Nothing is saved by the call.
 */

/** The most of a page the import reads, fetched or pasted (bytes of the fetched body; characters when pasted). */
export const IMPORT_MAX_PAGE_BYTES = 5 * 1024 * 1024;
/** The longest address the import takes. */
export const IMPORT_MAX_URL_LENGTH = 2048;

export const importMessages = {
  nothingToImport: 'Give the address of a recipe page, or paste the page',
  urlInvalid: 'Enter the full address of the page (starting with http:// or https://)',
  urlTooLong: `The address should be at most ${IMPORT_MAX_URL_LENGTH} characters`,
  htmlInvalid: 'The pasted page must be text',
  htmlTooLarge: 'The pasted page is too large (5 MB at most)',
  noRecipe: 'No recipe found on this page',
  /** A fetch that failed or that the site refused: the cook can still paste the page's source. */
  fetchFailed:
    "We couldn't fetch that page (the site refused or did not answer). Open it in your browser, copy the page source and paste it instead",
  addressRefused:
    'That address cannot be imported (only public http:// and https:// sites). Open it in your browser, copy the page source and paste it instead',
  tooManyRedirects:
    'That page redirected too many times. Open it in your browser, copy the page source and paste it instead',
  notHtml: 'That address is not a web page. Open the recipe page itself, or paste its source instead',
  pageTooLarge: 'That page is too large to import (5 MB at most). Paste the recipe part of its source instead',
  photoNotImage: 'That photo could not be fetched as an image',
  /** The Recipe's text holds script elements, event-handler attributes or javascript: addresses: nothing is read. */
  scriptedRecipe: "This page's recipe contains scripts, so it was not imported. Copy the recipe in by hand instead",
  /** A warning beside a preview: a picture address of another scheme (javascript:, data:) was never offered. */
  imageIgnored: 'A photo address on the page is not a web address (such as javascript:), so it was ignored',
} as const;

/** An absolute http:// or https:// address (zod's URL check: the WHATWG parser, the scheme pinned). */
const httpUrl = z.url({ protocol: /^https?$/, error: importMessages.urlInvalid });

/** Only http(s) addresses become links; anything else (javascript:, data:) is never one. */
export function isHttpUrl(value: string | null | undefined): value is string {
  return typeof value === 'string' && /^https?:\/\//i.test(value) && httpUrl.safeParse(value).success;
}

const urlField = z
  .string({ error: importMessages.urlInvalid })
  .trim()
  .max(IMPORT_MAX_URL_LENGTH, importMessages.urlTooLong)
  .refine(isHttpUrl, importMessages.urlInvalid);

/** `{ url }` (the server fetches the page) or `{ html, url? }` (the cook pasted it; `url` resolves relative links). */
export const importRequestSchema = z
  .object({
    url: urlField.optional(),
    html: z
      .string({ error: importMessages.htmlInvalid })
      .max(IMPORT_MAX_PAGE_BYTES, importMessages.htmlTooLarge)
      .optional(),
  })
  .refine((body) => body.url !== undefined || (body.html !== undefined && body.html.trim() !== ''), {
    message: importMessages.nothingToImport,
  });
export type ImportRequest = z.input<typeof importRequestSchema>;

const minutes = z.number().int().min(1).nullable();

/** What the page holds, read but not saved: the add-recipe form is filled with it. Times are whole minutes. */
export const importedRecipeSchema = z.object({
  title: z.string(),
  introduction: z.string(),
  servings: z.number().int().min(1).nullable(),
  yieldText: z.string().nullable(),
  prepTime: minutes,
  cookTime: minutes,
  totalTime: minutes,
  /** What the form's cooking time is filled with: total time, else prep + cook, else cook. */
  cookingTime: minutes,
  ingredients: z.array(z.string()),
  ingredientSections: z.array(z.object({ title: z.string().nullable(), ingredients: z.array(z.string()) })),
  steps: z.array(z.string()),
  stepSections: z.array(z.object({ title: z.string().nullable(), steps: z.array(z.string()) })),
  imageUrls: z.array(z.string()),
  sourceUrl: z.string().nullable(),
  siteName: z.string().nullable(),
  author: z.string().nullable(),
  language: z.string().nullable(),
});
export type ImportedRecipe = z.infer<typeof importedRecipeSchema>;

export const importResponseSchema = z.object({
  recipe: importedRecipeSchema,
  /** What the cook should check before publishing (a field the page did not have, a field cut to fit). */
  warnings: z.array(z.string()),
});
export type ImportResponse = z.infer<typeof importResponseSchema>;

/** POST /recipes/import/photo: one of the preview's `imageUrls`, fetched safely and re-encoded (JPEG bytes back). */
export const importPhotoRequestSchema = z.object({ url: urlField });
export type ImportPhotoRequest = z.input<typeof importPhotoRequestSchema>;

/** Where a recipe came from (optional on create and update; the recipe read answers both, or null). */
export const SOURCE_SITE_NAME_MAX = 100;
export const recipeSourceUrlSchema = z
  .string({ error: importMessages.urlInvalid })
  .trim()
  .max(IMPORT_MAX_URL_LENGTH, importMessages.urlTooLong)
  .refine((value) => value === '' || isHttpUrl(value), importMessages.urlInvalid)
  .transform((value) => (value === '' ? null : value));
export const recipeSiteNameSchema = z
  .string()
  .trim()
  .max(SOURCE_SITE_NAME_MAX, `The site name should be at most ${SOURCE_SITE_NAME_MAX} characters`)
  .transform((value) => (value === '' ? null : value));
