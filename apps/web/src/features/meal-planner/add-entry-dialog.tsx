import { mealPlanMessages, MEAL_PLAN_TITLE_MAX, type MealSlot } from '@forkful/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogCloseFooter } from '@/components/ui/dialog';
import { ErrorBox } from '@/components/ui/error-box';
import { inputClasses } from '@/components/ui/form-field';
import { reasonOf } from '@/lib/api-error';
import { useCreateMealPlanEntryMutation } from './meal-plan-api';
import { parsePlanServings, PlanFields, RECIPE_OWN_SERVINGS_HINT } from './plan-fields';
import { RecipePicker, type PickedRecipe } from './recipe-picker';
import { dayName, SLOT_NAMES } from './week';

interface AddEntryDialogProps {
  open: boolean;
  date: string;
  slot: MealSlot;
  onClose: () => void;
  onAdded: (message: string) => void;
}

/** Plans a recipe (found by title or from Saved Recipes, at chosen servings) or a note in one day's slot. */
export function AddEntryDialog({ open, date, slot, onClose, onAdded }: AddEntryDialogProps) {
  const [servings, setServings] = useState('');
  const [servingsError, setServingsError] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const [create, { isLoading, error }] = useCreateMealPlanEntryMutation();
  const where = `${dayName(date)}, ${SLOT_NAMES[slot].toLowerCase()}`;

  const planRecipe = async (recipe: PickedRecipe) => {
    const value = parsePlanServings(servings);
    if (value === undefined) return setServingsError(mealPlanMessages.servingsInvalid);
    setServingsError(null);
    if (isLoading) return;
    const result = await create({ date, slot, recipeId: recipe._id, servings: value });
    if (!('error' in result)) {
      onAdded(`${recipe.title} planned for ${where}`);
      onClose();
    }
  };

  const planNote = async (event: FormEvent) => {
    event.preventDefault();
    const title = note.trim();
    if (!title) return setNoteError(mealPlanMessages.titleEmpty);
    if (title.length > MEAL_PLAN_TITLE_MAX) return setNoteError(mealPlanMessages.titleTooLong);
    setNoteError(null);
    const result = await create({ date, slot, title });
    if (!('error' in result)) {
      onAdded(`'${title}' planned for ${where}`);
      setNote('');
      onClose();
    }
  };

  return (
    <Dialog open={open} onClose={onClose} title={`Add to ${where}`} className="w-[min(34rem,calc(100vw-2rem))]">
      <div className="mt-4">
        <RecipePicker<'note'>
          label="Plan from"
          onPick={(recipe) => void planRecipe(recipe)}
          fields={
            <PlanFields
              className="mt-3"
              servings={{
                value: servings,
                onChange: setServings,
                hint: RECIPE_OWN_SERVINGS_HINT,
                error: servingsError,
              }}
            />
          }
          moreTabs={[
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
                  {noteError && <ErrorBox className="mt-3">{noteError}</ErrorBox>}
                  <Button type="submit" className="mt-3" disabled={isLoading}>
                    Add note
                  </Button>
                </form>
              ),
            },
          ]}
        />
      </div>
      {error && <ErrorBox className="mt-3">{reasonOf(error)}</ErrorBox>}
      <DialogCloseFooter onClose={onClose} />
    </Dialog>
  );
}
