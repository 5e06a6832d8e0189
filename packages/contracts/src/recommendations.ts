import { z } from 'zod';
import { RECIPE_LIST_MAX_LIMIT } from './constants.js';
import { recipeCardSchema } from './recipes.js';

/** Issue 19: 'Recommended for you' and 'More like this' (docs/decisions/026-recommendations.md). */
export const RECOMMENDATIONS_DEFAULT = 8;
export const SIMILAR_RECIPES_DEFAULT = 6;

const limitSchema = (fallback: number) =>
  z.coerce
    .number({ error: 'Limit must be a whole number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(RECIPE_LIST_MAX_LIMIT, `Limit must be at most ${RECIPE_LIST_MAX_LIMIT}`)
    .default(fallback);

export const recommendedQuerySchema = z.object({ limit: limitSchema(RECOMMENDATIONS_DEFAULT) });
export const similarQuerySchema = z.object({ limit: limitSchema(SIMILAR_RECIPES_DEFAULT) });

/**
 * A card with why it is shown: the viewer's own action ('Because you saved Shakshuka'), or null when the card is
 * there because it is good and fresh (visitors, new users, and the rest of a short personal list).
 */
export const recommendedRecipeSchema = recipeCardSchema.extend({ reason: z.string().nullable() });
export type RecommendedRecipe = z.infer<typeof recommendedRecipeSchema>;

export const recommendedListSchema = z.object({ recipes: z.array(recommendedRecipeSchema) });
export type RecommendedList = z.infer<typeof recommendedListSchema>;

export const similarListSchema = z.object({ recipes: z.array(recipeCardSchema) });
export type SimilarList = z.infer<typeof similarListSchema>;
