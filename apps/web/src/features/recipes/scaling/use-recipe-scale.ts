import { useUrlParam } from './url-state';

/** The fixed choices for a recipe that does not say how many it serves. */
export const SCALE_FACTORS = [0.5, 1, 2, 3] as const;
export const MAX_SERVINGS = 1000;

/** A number the address may carry: positive, in halves (×½ of 5 servings is 2 ½), not absurd. */
export function parseAmountParam(text: string | null): number | null {
  if (text === null || text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) && value > 0 && value <= MAX_SERVINGS && Number.isInteger(value * 2) ? value : null;
}

const writeAmountParam = (value: number | null): string | null => (value === null ? null : String(value));

export interface RecipeScale {
  /** The servings the recipe was written for, or null when it does not say. */
  baseServings: number | null;
  /** The servings the reader asked for (null without a base). */
  servings: number | null;
  factor: number;
  /** Servings when the recipe has a count; the factor itself otherwise. */
  choose: (amount: number) => void;
  /** Back to the recipe as written. */
  reset: () => void;
}

/**
 * How much of the recipe the reader wants: `?servings=8` for a recipe with a servings count, `?scale=2` for one
 * without. A value equal to the recipe's own leaves the address without it.
 */
export function useRecipeScale(baseServings: number | null): RecipeScale {
  const [chosen, setChosen] = useUrlParam(
    baseServings === null ? 'scale' : 'servings',
    parseAmountParam,
    writeAmountParam,
  );
  const own = baseServings ?? 1;
  const amount = chosen ?? own;
  return {
    baseServings,
    servings: baseServings === null ? null : amount,
    factor: amount / own,
    choose: (next) => setChosen(next === own ? null : Math.min(MAX_SERVINGS, Math.max(0.5, Math.round(next * 2) / 2))),
    reset: () => setChosen(null),
  };
}
