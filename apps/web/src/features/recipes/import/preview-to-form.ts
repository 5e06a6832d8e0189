import { TITLE_PATTERN, type ImportedRecipe } from '@forkful/contracts';
import type { RecipeFormInput } from '../recipe-form-schema';

const LIMITS = { title: 100, introduction: 2000, entry: 1000, entries: 100, yieldText: 100 };

/**
 * A title the form takes (letters a-z, digits, spaces, - and /): accents dropped ('Crème brûlée' → 'Creme brulee'),
 * '&' read as 'and', anything else left out. The cook sees it in the form and can change it.
 */
export function formTitle(title: string): string {
  const plain = title
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/&/g, ' and ')
    .replace(/[^a-zA-Z0-9 \-/]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, LIMITS.title)
    .trim();
  return TITLE_PATTERN.test(plain) ? plain : '';
}

const entries = (lines: string[]) =>
  lines
    .map((line) => line.slice(0, LIMITS.entry))
    .slice(0, LIMITS.entries)
    .map((value) => ({ value }));

/**
 * The create form filled with a preview. Steps keep their sections: a titled section starts with its title as a
 * heading line ('For the sauce:'), which the recipe page reads as a heading, as it does in ingredient lists.
 */
export function previewToForm(recipe: ImportedRecipe): RecipeFormInput {
  const titled = recipe.stepSections.some((section) => section.title);
  const steps = titled
    ? recipe.stepSections.flatMap((section) => [
        ...(section.title ? [`${section.title.replace(/:$/, '')}:`] : []),
        ...section.steps,
      ])
    : recipe.steps;
  return {
    title: formTitle(recipe.title),
    introduction: recipe.introduction.slice(0, LIMITS.introduction),
    cookingTime: recipe.cookingTime === null ? '' : String(recipe.cookingTime),
    servings: recipe.servings === null || recipe.servings > 100 ? '' : String(recipe.servings),
    yieldText: (recipe.yieldText ?? '').slice(0, LIMITS.yieldText),
    ingredients: recipe.ingredients.length ? entries(recipe.ingredients) : [{ value: '' }],
    steps: steps.length ? entries(steps) : [{ value: '' }],
  };
}
