import type { ParsedIngredient } from '@forkful/contracts';

/*
 * The columns a recipe card and a whole recipe are read with, and the row types they give, side by side so they
 * cannot drift apart. Plain text, not `sql` fragments: search.ts runs plain SQL (shared with the bench's ceiling)
 * and recipes.ts wraps these constants in `sql.raw`. For a recipe aliased `r` joined with its author `u`.
 */

export const CARD_COLUMNS = `
  r.id, r.title, r.introduction, r.cooking_time AS "cookingTime", r.photo_key AS "photoKey",
  r.is_published AS "isPublished", r.author_id AS "authorId", u.name AS "authorName",
  r.rating_sum AS "ratingSum", r.total_reviews AS "totalReviews", r.created_at AS "createdAt"`;

export type RecipeCardRow = {
  id: string;
  title: string;
  introduction: string;
  cookingTime: number;
  photoKey: string | null;
  isPublished: boolean;
  authorId: string;
  authorName: string;
  ratingSum: number;
  totalReviews: number;
  createdAt: Date | string;
};

export const RECIPE_COLUMNS = `${CARD_COLUMNS}, r.ingredients, r.steps, r.updated_at AS "updatedAt",
  r.servings, r.yield_text AS "yieldText", r.ingredient_details AS "ingredientDetails",
  r.source_url AS "sourceUrl", r.source_site_name AS "sourceSiteName"`;

export type RecipeRow = RecipeCardRow & {
  ingredients: string[];
  steps: string[];
  updatedAt: Date | string;
  servings: number | null;
  yieldText: string | null;
  /** Null for a recipe the start-up backfill has not reached yet (migration 0004). */
  ingredientDetails: ParsedIngredient[] | null;
  /** Issue 21: where an imported recipe came from (migration 0005). */
  sourceUrl: string | null;
  sourceSiteName: string | null;
};
