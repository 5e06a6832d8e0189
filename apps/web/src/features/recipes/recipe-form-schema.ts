import { COOKING_TIME_MAX, createRecipeSchema, updateRecipeSchema, YIELD_TEXT_MAX } from '@forkful/contracts';
import { z } from 'zod';

/**
 * The form edits ingredient and step rows as objects ({ value }) because react-hook-form's field arrays need
 * objects; every rule and message still comes from the contracts' recipe schema.
 */
function formSchemaOf(base: typeof createRecipeSchema | typeof updateRecipeSchema) {
  const { title, introduction, cookingTime, ingredients, steps, servings, yieldText } = base.shape;
  return z.object({
    title,
    introduction,
    cookingTime,
    // Optional in the calls (a client of the spec's API need not send them); the form always does.
    servings: servings.unwrap(),
    yieldText: yieldText.unwrap(),
    ingredients: z
      .array(z.object({ value: ingredients.element }))
      .min(1)
      .max(100),
    steps: z
      .array(z.object({ value: steps.element }))
      .min(1)
      .max(100),
  });
}

export const createFormSchema = formSchemaOf(createRecipeSchema);
/** On edit, an empty ingredient says 'Ingredient cannot be empty' (spec section 5). */
export const editFormSchema = formSchemaOf(updateRecipeSchema);

/** The limits the form shows while typing, read from the rules that check them, so the two cannot disagree. */
export const recipeLimits = {
  title: createRecipeSchema.shape.title.maxLength ?? Infinity,
  introduction: createRecipeSchema.shape.introduction.unwrap().maxLength ?? Infinity,
  entry: createRecipeSchema.shape.steps.element.maxLength ?? Infinity,
  cookingTimeMinutes: COOKING_TIME_MAX,
  yieldText: YIELD_TEXT_MAX,
};

export type RecipeFormInput = z.input<typeof createFormSchema>;
export type RecipeFormValues = z.output<typeof createFormSchema>;

export const emptyRecipeForm: RecipeFormInput = {
  title: '',
  introduction: '',
  cookingTime: '',
  servings: '',
  yieldText: '',
  ingredients: [{ value: '' }],
  steps: [{ value: '' }],
};
