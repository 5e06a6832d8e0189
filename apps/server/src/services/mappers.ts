import type { Avatar, ParsedIngredient, RecipeCard, RecipeView, Review, User } from '@forkful/contracts';
import type { RecipeCardRow, RecipeRow } from '../repositories/recipes.js';
import type { ReviewRow } from '../repositories/reviews.js';
import type { UserRow } from '../repositories/users.js';
import type { ImageService } from './images.js';
import { parseIngredientLines } from './ingredients/parse.js';

const DEFAULT_AVATAR_URL = '/default-avatar.svg';

/** Turns database rows into the contract shapes; the database schema never leaves the server. */
export class Mappers {
  constructor(private readonly images: ImageService) {}

  avatar(avatarKey: string | null): Avatar {
    if (!avatarKey) return { url: DEFAULT_AVATAR_URL, isDefault: true, variants: [] };
    const variants = this.images.variants('avatar', avatarKey);
    return { url: variants[variants.length - 1]?.url ?? DEFAULT_AVATAR_URL, isDefault: false, variants };
  }

  user(row: UserRow, includeEmail: boolean): User {
    return {
      _id: row.id,
      name: row.name,
      ...(includeEmail ? { email: row.email } : {}),
      avatar: this.avatar(row.avatarKey),
      createdAt: row.createdAt.toISOString(),
    };
  }

  recipeCard(row: RecipeCardRow): RecipeCard {
    const variants = row.photoKey ? this.images.variants('recipe', row.photoKey) : [];
    return {
      _id: row.id,
      title: row.title,
      introduction: row.introduction,
      cookingTime: row.cookingTime,
      recipePhoto: variants[variants.length - 1]?.url ?? null,
      recipePhotoVariants: variants,
      isPublished: row.isPublished,
      author: { _id: row.authorId, name: row.authorName },
      avgRating: row.totalReviews > 0 ? Math.round((row.ratingSum / row.totalReviews) * 100) / 100 : 0,
      totalReviews: row.totalReviews,
      createdAt: toDate(row.createdAt).toISOString(),
    };
  }

  recipe(row: RecipeRow): RecipeView {
    return {
      ...this.recipeCard(row),
      ingredients: row.ingredients,
      steps: row.steps,
      updatedAt: toDate(row.updatedAt).toISOString(),
      servings: row.servings,
      yieldText: row.yieldText,
      ingredientDetails: ingredientDetailsOf(row),
      sourceUrl: row.sourceUrl ?? null,
      sourceSiteName: row.sourceSiteName ?? null,
    };
  }

  review(row: ReviewRow): Review {
    return {
      _id: row.id,
      recipe: row.recipeId,
      rating: row.rating,
      comment: row.comment,
      owner: { _id: row.ownerId, name: row.ownerName, avatar: this.avatar(row.ownerAvatarKey) },
      createdAt: toDate(row.createdAt).toISOString(),
      updatedAt: toDate(row.updatedAt).toISOString(),
    };
  }
}

/**
 * The stored reading of the lines, or a fresh one for a recipe the start-up backfill has not reached yet (or a row
 * written by something other than the repository): the answer never depends on how far the backfill has got.
 */
function ingredientDetailsOf(row: RecipeRow): ParsedIngredient[] {
  const stored = row.ingredientDetails;
  if (stored && stored.length === row.ingredients.length) return stored.map(parsedIngredient);
  return parseIngredientLines(row.ingredients);
}

/**
 * A stored reading in the contract's shape: its fields only, in the schema's order (jsonb hands keys back sorted its
 * own way). The view route sends the mapper's answer with JSON.stringify, not through zod (routes/recipes), so the
 * bytes are what zod would have written: the page the server draws carries the same text (spa/page-data.ts).
 */
function parsedIngredient(line: ParsedIngredient): ParsedIngredient {
  return {
    text: line.text,
    quantity: line.quantity,
    quantityMax: line.quantityMax,
    unit: line.unit,
    food: line.food,
    note: line.note,
    isHeading: line.isHeading,
  };
}

function toDate(value: Date | string): Date {
  return value instanceof Date ? value : new Date(value);
}
