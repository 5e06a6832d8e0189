import { mealPlanMessages, mondayOf, type MealSlot, type RecipeView } from '@forkful/contracts';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorBox } from '@/components/ui/error-box';
import { reasonOf } from '@/lib/api-error';
import { todayIso } from '@/lib/local-date';
import { useCreateMealPlanEntryMutation } from './meal-plan-api';
import { parsePlanServings, PlanFields } from './plan-fields';
import { dayName, SLOT_NAMES } from './week';

/** 'Add to meal plan' on a recipe page: a day, a meal and servings (the recipe's own to start with). */
export function AddToMealPlan({ recipe }: { recipe: Pick<RecipeView, '_id' | 'title' | 'servings'> }) {
  const [open, setOpen] = useState(false);
  const [date, setDate] = useState(todayIso());
  const [slot, setSlot] = useState<MealSlot>('dinner');
  const [servings, setServings] = useState(recipe.servings ? String(recipe.servings) : '');
  const [servingsError, setServingsError] = useState<string | null>(null);
  const [dateError, setDateError] = useState<string | null>(null);
  const [planned, setPlanned] = useState<{ date: string; slot: MealSlot } | null>(null);
  const [create, { isLoading, error, reset }] = useCreateMealPlanEntryMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = parsePlanServings(servings);
    setServingsError(value === undefined ? mealPlanMessages.servingsInvalid : null);
    setDateError(date ? null : mealPlanMessages.dateInvalid);
    if (value === undefined || !date) return;
    const result = await create({ date, slot, recipeId: recipe._id, servings: value });
    if (!('error' in result)) {
      setPlanned({ date, slot });
      setOpen(false);
    }
  };

  return (
    <>
      <Button
        variant="secondary"
        onClick={() => {
          reset();
          setOpen(true);
        }}
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 fill-current">
          <path d="M6 2h2v2h4V2h2v2h2a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h2V2Zm10 6H4v8h12V8Z" />
        </svg>
        Add to meal plan
      </Button>
      {/* In place before there is anything to say, so the words are announced when they arrive. */}
      <p role="status" className="text-sm text-herb-600 empty:hidden">
        {planned && (
          <>
            Planned for {dayName(planned.date)}, {SLOT_NAMES[planned.slot].toLowerCase()}.{' '}
            <Link to={`/meal-planner?week=${mondayOf(planned.date)}`} className="font-semibold underline">
              Open the meal planner
            </Link>
          </>
        )}
      </p>
      <Dialog open={open} onClose={() => setOpen(false)} title="Add to meal plan">
        <form onSubmit={(event) => void submit(event)} className="mt-4 space-y-3" noValidate>
          <p className="text-sm wrap-anywhere text-ink-soft">{recipe.title}</p>
          <PlanFields
            day={{ value: date, onChange: setDate }}
            slot={{ value: slot, onChange: setSlot }}
            servings={{ value: servings, onChange: setServings, error: servingsError }}
          />
          {dateError && <ErrorBox>{dateError}</ErrorBox>}
          {error && <ErrorBox>{reasonOf(error)}</ErrorBox>}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={isLoading}>
              Add to plan
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
