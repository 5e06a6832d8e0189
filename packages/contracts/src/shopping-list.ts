import { z } from 'zod';
import { idSchema, timestampSchema } from './fields.js';
import { clientIdSchema, dateRangeSchema, mealPlanMessages } from './meal-plan.js';

/*
 * Shopping list (issue 18): one per user, private to them. Every call needs a login; another user's item id
 * answers 404 exactly like an id that never existed.
 *
 * SYNC RULES (offline queue, docs/decisions/024):
 * - POST /shopping-list/items takes an optional client-made `clientId` (a uuid). A replay with the same `clientId`
 *   answers the line already made (200 instead of 201, same body), never a second line. Every item carries its
 *   `clientId` (null for lines the server made), so a client can match its optimistic line to the server's `_id`.
 * - POST /shopping-list/from-recipe takes an optional `clientId` too: a replay adds nothing again.
 *   POST /shopping-list/from-meal-plan is idempotent by itself: a planned entry already on the list is never added
 *   twice (adding 'this week' again only adds the meals planned since).
 * - PATCH sets only the fields it sends: `checked: true` twice is the same as once. Two devices editing the same
 *   line: the last write wins per field (a tick from one and an aisle change from the other both stay).
 * - DELETE /shopping-list/items/{id} of a line that is not there answers 404: a queue treats 404 on a DELETE as
 *   done. DELETE /shopping-list/checked removes the lines ticked at the moment it arrives; replaying it is harmless.
 * - A 4xx other than that 404 means the change can never succeed: drop it and tell the user. Retry only on network
 *   failures, 5xx, 429 and 503.
 *
 * MERGING: lines built from recipes merge by food (case-insensitive) and kind of unit: masses add up (g, kg, oz,
 * lb …), volumes add up (ml, l, tsp, tbsp, cup …), a counted unit adds to the same unit (2 cans + 1 can), a line
 * without a unit adds to the same food without a unit (2 eggs + 3 eggs). Different kinds stay separate lines; a
 * line the parser did not understand stays as written, one line per source line. Only unticked lines take more; a
 * ticked line is left alone and a new line is started. Lines typed by hand (POST items) or edited (PATCH text) are
 * never merged into. Removing a planned meal takes its share out of the unticked lines it went into (a line left
 * with nothing is removed); ticked lines stay as they are.
 */

/** The aisles a line can be filed under; null = not known (the web shows it under 'Other'). */
export const AISLES = [
  'produce',
  'bakery',
  'meat-fish',
  'dairy-eggs',
  'pantry',
  'spices',
  'frozen',
  'drinks',
  'household',
  'other',
] as const;
export type Aisle = (typeof AISLES)[number];

export const SHOPPING_ITEM_TEXT_MAX = 200;
/** The most lines one list may hold (a full list answers 409 until lines are cleared). */
export const SHOPPING_LIST_MAX_ITEMS = 1000;

export const shoppingListMessages = {
  textEmpty: 'The line cannot be empty',
  textTooLong: `A line should be at most ${SHOPPING_ITEM_TEXT_MAX} characters`,
  checkedInvalid: 'checked must be true or false',
  aisleInvalid: `Aisle must be one of ${AISLES.join(', ')} (or null)`,
  nothingToChange: 'Send at least one of checked, text, aisle',
  servingsInvalid: mealPlanMessages.servingsInvalid,
  itemNotFound: 'Shopping list line not found',
  recipeNotFound: 'Recipe not found',
  listFull: `A shopping list can hold at most ${SHOPPING_LIST_MAX_ITEMS} lines`,
} as const;

/** Which recipe a line came from. `title` is the recipe's title when it was added (kept if the recipe goes away). */
export const shoppingItemSourceSchema = z.object({
  recipeId: z.string().nullable(),
  title: z.string(),
});
export type ShoppingItemSource = z.infer<typeof shoppingItemSourceSchema>;

/**
 * One line. `text` is what to show when the web does not compose its own from quantity, unit and food (for a
 * merged line the server writes it, e.g. '1.5 kg flour'; an unparsed line keeps its text as written).
 * `unit` is a code from UNITS (contracts/ingredients.ts).
 */
export const shoppingItemSchema = z.object({
  _id: z.string(),
  clientId: z.string().nullable(),
  text: z.string(),
  quantity: z.number().nullable(),
  unit: z.string().nullable(),
  food: z.string().nullable(),
  aisle: z.enum(AISLES).nullable(),
  checked: z.boolean(),
  /** Distinct recipes the line came from; empty for a line typed by hand. */
  sources: z.array(shoppingItemSourceSchema),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type ShoppingItem = z.infer<typeof shoppingItemSchema>;

/** GET /shopping-list (also the answer of from-meal-plan, from-recipe and DELETE checked). */
export const shoppingListSchema = z.object({ items: z.array(shoppingItemSchema) });
export type ShoppingList = z.infer<typeof shoppingListSchema>;

/** The answer of the calls that add several lines: the whole list after it, and how many lines changed. */
export const shoppingListChangeSchema = shoppingListSchema.extend({
  /** Lines created or added to by this call (0 on a replay). */
  changed: z.number().int(),
});
export type ShoppingListChange = z.infer<typeof shoppingListChangeSchema>;

/** POST /shopping-list/from-meal-plan: every planned recipe in the range (both ends included, ≤ 62 days). */
export const fromMealPlanSchema = dateRangeSchema;
export type FromMealPlanInput = z.input<typeof fromMealPlanSchema>;

/** POST /shopping-list/from-recipe: a recipe at the servings chosen (left out: the recipe's own). */
export const fromRecipeSchema = z.object({
  recipeId: idSchema,
  servings: z
    .number({ error: shoppingListMessages.servingsInvalid })
    .int(shoppingListMessages.servingsInvalid)
    .min(1, shoppingListMessages.servingsInvalid)
    .max(100, shoppingListMessages.servingsInvalid)
    .nullable()
    .optional(),
  clientId: clientIdSchema.optional(),
});
export type FromRecipeInput = z.input<typeof fromRecipeSchema>;

const itemTextSchema = z
  .string({ error: shoppingListMessages.textEmpty })
  .trim()
  .min(1, shoppingListMessages.textEmpty)
  .max(SHOPPING_ITEM_TEXT_MAX, shoppingListMessages.textTooLong);

const aisleSchema = z.enum(AISLES, { error: shoppingListMessages.aisleInvalid }).nullable();

/** POST /shopping-list/items → 201 `data` = the line; a replayed `clientId` → 200, the same line. */
export const createShoppingItemSchema = z.object({
  text: itemTextSchema,
  /** Left out: from the food → aisle table. */
  aisle: aisleSchema.optional(),
  clientId: clientIdSchema.optional(),
});
export type CreateShoppingItemInput = z.input<typeof createShoppingItemSchema>;

export const shoppingItemParamsSchema = z.object({ itemId: idSchema });

/** PATCH /shopping-list/items/{itemId}: only the fields sent change. A new text is read again (quantity, unit, food). */
export const updateShoppingItemSchema = z
  .object({
    checked: z.boolean({ error: shoppingListMessages.checkedInvalid }).optional(),
    text: itemTextSchema.optional(),
    aisle: aisleSchema.optional(),
  })
  .refine(
    (body) => body.checked !== undefined || body.text !== undefined || body.aisle !== undefined,
    shoppingListMessages.nothingToChange,
  );
export type UpdateShoppingItemInput = z.input<typeof updateShoppingItemSchema>;

/** DELETE /shopping-list/checked → how many lines went, and the list after it. */
export const clearCheckedResponseSchema = shoppingListSchema.extend({ deleted: z.number().int() });
export type ClearCheckedResponse = z.infer<typeof clearCheckedResponseSchema>;

/** DELETE /shopping-list/items/{itemId} → `data._id`. */
export const deletedItemSchema = z.object({ _id: z.string() });
