import { MEAL_PLAN_SERVINGS_MAX } from '@forkful/contracts';
import { parseServings } from '@/components/ui/servings-field';

/** Servings as typed for a recipe added to the list: null = the recipe's own, undefined = not 1 to 100. */
export const parseListServings = (text: string) => parseServings(text, MEAL_PLAN_SERVINGS_MAX);

/** What the page says after a recipe went onto the list (`changed`: the lines made or added to). */
export function recipeAddedMessage(title: string, changed: number): string {
  if (changed === 0) return `Nothing new to add from ${title}`;
  return `${title}: ${changed} ${changed === 1 ? 'line' : 'lines'} added to the shopping list`;
}
