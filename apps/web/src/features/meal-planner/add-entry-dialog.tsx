import { MEAL_PLAN_SERVINGS_MAX, mealPlanMessages, MEAL_PLAN_TITLE_MAX, type MealSlot } from '@forkful/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorBox } from '@/components/ui/error-box';
import { inputClasses } from '@/components/ui/form-field';
import { Tabs } from '@/components/ui/tabs';
import { reasonOf } from '@/lib/api-error';
import { useCreateMealPlanEntryMutation, useFindRecipesToPlanQuery, useSavedRecipesToPlanQuery } from './meal-plan-api';
import { dayName, SLOT_NAMES } from './week';

interface AddEntryDialogProps {
  open: boolean;
  date: string;
  slot: MealSlot;
  onClose: () => void;
  onAdded: (message: string) => void;
}

type Source = 'search' | 'saved' | 'note';

function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

function RecipeChoices({
  recipes,
  onPick,
  label,
}: {
  recipes: Array<{ _id: string; title: string }>;
  onPick: (recipe: { _id: string; title: string }) => void;
  label: string;
}) {
  return (
    <ul aria-label={label} className="mt-3 max-h-64 space-y-1 overflow-y-auto">
      {recipes.map((recipe) => (
        <li key={recipe._id}>
          <button
            type="button"
            onClick={() => onPick(recipe)}
            className="w-full rounded-xl px-3 py-2 text-left wrap-anywhere hover:bg-cream-deep focus-visible:bg-cream-deep"
          >
            {recipe.title}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** Plans a recipe (found by title or from Saved Recipes, at chosen servings) or a note in one day's slot. */
export function AddEntryDialog({ open, date, slot, onClose, onAdded }: AddEntryDialogProps) {
  const [source, setSource] = useState<Source>('search');
  const [query, setQuery] = useState('');
  const [servings, setServings] = useState('');
  const [note, setNote] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const debounced = useDebounced(query.trim(), 300);
  const found = useFindRecipesToPlanQuery(debounced, { skip: !open || source !== 'search' || debounced.length < 2 });
  const saved = useSavedRecipesToPlanQuery(undefined, { skip: !open || source !== 'saved' });
  const [create, { isLoading, error }] = useCreateMealPlanEntryMutation();
  const where = `${dayName(date)}, ${SLOT_NAMES[slot].toLowerCase()}`;

  const servingsValue = (): number | null | undefined => {
    if (!servings.trim()) return null;
    const value = Number(servings);
    if (!Number.isInteger(value) || value < 1 || value > MEAL_PLAN_SERVINGS_MAX) return undefined;
    return value;
  };

  const planRecipe = async (recipe: { _id: string; title: string }) => {
    const value = servingsValue();
    if (value === undefined) return setFormError(mealPlanMessages.servingsInvalid);
    setFormError(null);
    const result = await create({ date, slot, recipeId: recipe._id, servings: value });
    if (!('error' in result)) {
      onAdded(`${recipe.title} planned for ${where}`);
      onClose();
    }
  };

  const planNote = async (event: FormEvent) => {
    event.preventDefault();
    const title = note.trim();
    if (!title) return setFormError(mealPlanMessages.titleEmpty);
    if (title.length > MEAL_PLAN_TITLE_MAX) return setFormError(mealPlanMessages.titleTooLong);
    setFormError(null);
    const result = await create({ date, slot, title });
    if (!('error' in result)) {
      onAdded(`'${title}' planned for ${where}`);
      setNote('');
      onClose();
    }
  };

  const servingsField = (
    <label className="mt-3 block text-sm font-medium">
      Servings <span className="font-normal text-ink-soft">(empty: the recipe&apos;s own)</span>
      <input
        type="number"
        inputMode="numeric"
        min={1}
        max={MEAL_PLAN_SERVINGS_MAX}
        value={servings}
        onChange={(event) => setServings(event.target.value)}
        className={`${inputClasses} mt-1 w-28`}
      />
    </label>
  );

  return (
    <Dialog open={open} onClose={onClose} title={`Add to ${where}`} className="w-[min(34rem,calc(100vw-2rem))]">
      <div className="mt-4">
        <Tabs
          label="Plan from"
          active={source}
          onChange={setSource}
          tabs={[
            {
              key: 'search',
              label: 'Search',
              panel: (
                <div className="pt-3">
                  <label className="block text-sm font-medium">
                    Recipe title
                    <input
                      type="search"
                      value={query}
                      onChange={(event) => setQuery(event.target.value)}
                      placeholder="Find a recipe"
                      className={`${inputClasses} mt-1`}
                    />
                  </label>
                  {servingsField}
                  {found.isFetching && <p className="mt-3 text-sm text-ink-soft">Searching…</p>}
                  {found.data && found.data.recipes.length === 0 && !found.isFetching && (
                    <p className="mt-3 text-sm text-ink-soft">No recipe matches that title.</p>
                  )}
                  {found.data && (
                    <RecipeChoices label="Matching recipes" recipes={found.data.recipes} onPick={planRecipe} />
                  )}
                </div>
              ),
            },
            {
              key: 'saved',
              label: 'Saved recipes',
              panel: (
                <div className="pt-3">
                  {servingsField}
                  {saved.isLoading && <p className="mt-3 text-sm text-ink-soft">Loading your saved recipes…</p>}
                  {saved.data && saved.data.recipes.length === 0 && (
                    <p className="mt-3 text-sm text-ink-soft">You have not saved any recipes yet.</p>
                  )}
                  {saved.data && (
                    <RecipeChoices label="Saved recipes" recipes={saved.data.recipes} onPick={planRecipe} />
                  )}
                </div>
              ),
            },
            {
              key: 'note',
              label: 'Note',
              panel: (
                <form className="pt-3" onSubmit={(event) => void planNote(event)} noValidate>
                  <label className="block text-sm font-medium">
                    Note
                    <input
                      value={note}
                      onChange={(event) => setNote(event.target.value)}
                      placeholder="Leftovers, eat out…"
                      className={`${inputClasses} mt-1`}
                    />
                  </label>
                  <Button type="submit" className="mt-3" disabled={isLoading}>
                    Add note
                  </Button>
                </form>
              ),
            },
          ]}
        />
      </div>
      {formError && <ErrorBox className="mt-3">{formError}</ErrorBox>}
      {error && <ErrorBox className="mt-3">{reasonOf(error)}</ErrorBox>}
      <div className="mt-5 flex justify-end">
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
    </Dialog>
  );
}
