import { z } from 'zod';
import { RANDOM_RECIPES_DEFAULT, RECIPE_LIST_MAX_LIMIT, RECIPE_PAGE_SIZE } from './constants.js';
import {
  booleanFieldSchema,
  cookingTimeSchema,
  servingsFieldSchema,
  timestampSchema,
  TITLE_PATTERN,
  yieldTextFieldSchema,
} from './fields.js';
import { recipeSiteNameSchema, recipeSourceUrlSchema } from './import.js';
import { parsedIngredientSchema } from './ingredients.js';
import { messages } from './messages.js';

export const titleSchema = z
  .string({ error: messages.titleRequired })
  .trim()
  .min(1, messages.titleRequired)
  .max(100, messages.titleTooLong)
  .regex(TITLE_PATTERN, messages.titleCharacters);

export const introductionSchema = z.string().trim().max(2000, messages.introductionTooLong).default('');

function listOfEntries(emptyMessage: string, tooManyMessage: string) {
  return z
    .array(z.string({ error: emptyMessage }).trim().min(1, emptyMessage).max(1000, messages.itemTooLong), {
      error: emptyMessage,
    })
    .min(1, emptyMessage)
    .max(100, tooManyMessage);
}

/** The fields of a recipe, as the create form and create call carry them. */
export const createRecipeSchema = z.object({
  title: titleSchema,
  introduction: introductionSchema,
  cookingTime: cookingTimeSchema,
  ingredients: listOfEntries(messages.ingredientsEmpty, messages.ingredientsTooMany),
  steps: listOfEntries(messages.stepsEmpty, messages.stepsTooMany),
  isPublished: booleanFieldSchema.default(false),
  // Issue 17 additions: optional, so the spec's calls without them are unchanged.
  servings: servingsFieldSchema.optional(),
  yieldText: yieldTextFieldSchema.optional(),
  // Issue 21 additions: where an imported recipe came from (http(s) only); optional, null or '' for none.
  sourceUrl: recipeSourceUrlSchema.nullable().optional(),
  sourceSiteName: recipeSiteNameSchema.nullable().optional(),
});
export type CreateRecipeValues = z.output<typeof createRecipeSchema>;

/** PATCH /recipes/{id}/update-recipe: the edit form says 'Ingredient cannot be empty' (spec section 5). */
export const updateRecipeSchema = createRecipeSchema.extend({
  ingredients: listOfEntries(messages.ingredientEmpty, messages.ingredientsTooMany),
  isPublished: booleanFieldSchema,
});
export type UpdateRecipeValues = z.output<typeof updateRecipeSchema>;

const positiveInt = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .min(1, `${name} must be at least 1`);

export const recipeListQuerySchema = z.object({
  page: positiveInt('Page').max(1_000_000, 'Page is too large').default(1),
  limit: positiveInt('Limit')
    .max(RECIPE_LIST_MAX_LIMIT, `Limit must be at most ${RECIPE_LIST_MAX_LIMIT}`)
    .default(RECIPE_PAGE_SIZE),
});

export const randomRecipesQuerySchema = z.object({
  limit: positiveInt('Limit').max(24, 'Limit must be at most 24').default(RANDOM_RECIPES_DEFAULT),
});

export const searchQuerySchema = z.object({
  query: z.string().max(200, 'Search text should be at most 200 characters').default(''),
});

export const recipeNameParamsSchema = z.object({
  name: z.string().max(200, 'Search text should be at most 200 characters'),
});

const photoVariantSchema = z.object({ width: z.number(), url: z.string() });

const authorSchema = z.object({ _id: z.string(), name: z.string() });

/** What a grid card needs; lists return these. */
export const recipeCardSchema = z.object({
  _id: z.string(),
  title: z.string(),
  introduction: z.string(),
  cookingTime: z.number(),
  recipePhoto: z.string().nullable(),
  recipePhotoVariants: z.array(photoVariantSchema),
  isPublished: z.boolean(),
  author: authorSchema,
  avgRating: z.number(),
  totalReviews: z.number(),
  createdAt: timestampSchema,
});
export type RecipeCard = z.infer<typeof recipeCardSchema>;

export const recipeSchema = recipeCardSchema.extend({
  ingredients: z.array(z.string()),
  steps: z.array(z.string()),
  updatedAt: timestampSchema,
});
export type Recipe = z.infer<typeof recipeSchema>;

/**
 * What the server answers for a whole recipe (view, edit, photo changes): the spec's recipe plus issue 17's
 * additions beside its fields. `ingredientDetails[i]` is `ingredients[i]` read; `ingredients` stays the text as
 * written. A `Recipe` reader keeps working, since this is a superset.
 */
export const recipeViewSchema = recipeSchema.extend({
  servings: z.number().int().min(1).max(100).nullable(),
  yieldText: z.string().nullable(),
  ingredientDetails: z.array(parsedIngredientSchema),
  /** Issue 21: the page an imported recipe was adapted from, and its site's name (null for a recipe of one's own). */
  sourceUrl: z.string().nullable(),
  sourceSiteName: z.string().nullable(),
});
export type RecipeView = z.infer<typeof recipeViewSchema>;

export const recipeListSchema = z.object({
  recipes: z.array(recipeCardSchema),
  curPageNum: z.number(),
  totalRecipeCount: z.number(),
  totalPages: z.number(),
});
export type RecipeList = z.infer<typeof recipeListSchema>;

export const suggestionSchema = z.object({ _id: z.string(), title: z.string() });
export type Suggestion = z.infer<typeof suggestionSchema>;
