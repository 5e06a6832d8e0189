import {
  mealPlanEntrySchema,
  parsedIngredientSchema,
  shoppingItemSchema,
  type MealPlanEntry,
  type ShoppingItem,
  recipeCardSchema,
  recipeListSchema,
  recipeViewSchema,
  reviewListSchema,
  reviewSchema,
  suggestionSchema,
  userSchema,
  type ParsedIngredient,
  type RecipeCard,
  type RecipeList,
  type RecipeView,
  type Review,
  type ReviewList,
  type Suggestion,
  type User,
} from '@forkful/contracts';
import type { z } from 'zod';

/*
 * Typed factories for what the API answers. Each one parses its result through the contract's response schema, made
 * strict, so a fixture that drifts from the contract (a field renamed, added or of the wrong type) fails the test
 * that builds it instead of testing a shape the server never sends.
 */

const CREATED_AT = '2025-03-01T14:05:00.000Z';

function build<T>(schema: { strict: () => z.ZodType<T> }, value: T): T {
  return schema.strict().parse(value);
}

export function makeUser(overrides: Partial<User> = {}): User {
  return build(userSchema, {
    _id: 'u1',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    avatar: { url: '/default-avatar.svg', isDefault: true, variants: [] },
    createdAt: '2024-05-01T10:00:00.000Z',
    ...overrides,
  });
}

export function makeRecipeCard(overrides: Partial<RecipeCard> = {}): RecipeCard {
  return build(recipeCardSchema, {
    _id: 'r1',
    title: 'Tomato soup',
    introduction: '',
    cookingTime: 30,
    recipePhoto: null,
    recipePhotoVariants: [],
    isPublished: true,
    author: { _id: 'author', name: 'Grace Hopper' },
    avgRating: 0,
    totalReviews: 0,
    createdAt: CREATED_AT,
    ...overrides,
  });
}

/** An ingredient line as the parser answers it; by default a line it did not understand (text only). */
export function makeIngredient(overrides: Partial<ParsedIngredient> = {}): ParsedIngredient {
  return build(parsedIngredientSchema, {
    text: 'Tomatoes',
    quantity: null,
    quantityMax: null,
    unit: null,
    food: null,
    note: null,
    isHeading: false,
    ...overrides,
  });
}

/**
 * A whole recipe as the recipe routes answer it (the spec's fields plus servings, yield and the parsed lines). Unless
 * given, `ingredientDetails` reads every ingredient as a line the parser did not understand.
 */
export function makeRecipe(overrides: Partial<RecipeView> = {}): RecipeView {
  const card = makeRecipeCard();
  const ingredients = overrides.ingredients ?? ['Tomatoes'];
  return build(recipeViewSchema, {
    ...card,
    ingredients,
    steps: ['Simmer'],
    updatedAt: card.createdAt,
    servings: null,
    yieldText: null,
    ingredientDetails: ingredients.map((text) => makeIngredient({ text })),
    sourceUrl: null,
    sourceSiteName: null,
    ...overrides,
  });
}

/** One API page of recipe cards; the counts describe that page alone unless given. */
export function makeRecipeList(recipes: RecipeCard[] = [], overrides: Partial<RecipeList> = {}): RecipeList {
  return build(recipeListSchema, {
    recipes,
    curPageNum: 1,
    totalRecipeCount: recipes.length,
    totalPages: recipes.length === 0 ? 0 : 1,
    ...overrides,
  });
}

export function makeSuggestion(overrides: Partial<Suggestion> = {}): Suggestion {
  return build(suggestionSchema, { _id: 'r1', title: 'Tomato soup', ...overrides });
}

export function makeReview(overrides: Partial<Review> = {}): Review {
  return build(reviewSchema, {
    _id: 'v1',
    recipe: 'r1',
    rating: 4,
    comment: 'Lovely',
    owner: { _id: 'u1', name: 'Ada Lovelace', avatar: { url: '/default-avatar.svg', isDefault: true, variants: [] } },
    createdAt: CREATED_AT,
    updatedAt: CREATED_AT,
    ...overrides,
  });
}

/** One API page of reviews; the counts describe that page alone unless given. */
export function makeReviewList(reviews: Review[] = [], overrides: Partial<ReviewList> = {}): ReviewList {
  return build(reviewListSchema, {
    reviews,
    curPage: 1,
    totalPages: 1,
    totalReviews: reviews.length,
    ...overrides,
  });
}

/** A planned entry as GET /meal-plan answers it; by default a recipe entry at the recipe's own servings. */
export function makeMealPlanEntry(overrides: Partial<MealPlanEntry> = {}): MealPlanEntry {
  return build(mealPlanEntrySchema, {
    _id: 'e1',
    clientId: null,
    date: '2026-11-23',
    slot: 'dinner',
    position: 0,
    servings: null,
    title: null,
    recipe: makeRecipeCard(),
    recipeServings: 4,
    unavailable: false,
    updatedAt: CREATED_AT,
    ...overrides,
  });
}

/** A shopping list line as GET /shopping-list answers it; by default a line typed by hand. */
export function makeShoppingItem(overrides: Partial<ShoppingItem> = {}): ShoppingItem {
  return build(shoppingItemSchema, {
    _id: 'i1',
    clientId: null,
    text: 'Dish soap',
    quantity: null,
    unit: null,
    food: null,
    aisle: null,
    checked: false,
    sources: [],
    createdAt: CREATED_AT,
    updatedAt: CREATED_AT,
    ...overrides,
  });
}
