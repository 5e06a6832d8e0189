import {
  MEAL_PLAN_SERVINGS_MAX,
  MEAL_SLOTS,
  mealPlanMessages,
  mondayOf,
  type MealSlot,
  type RecipeView,
} from '@forkful/contracts';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorBox } from '@/components/ui/error-box';
import { inputClasses } from '@/components/ui/form-field';
import { reasonOf } from '@/lib/api-error';
import { todayIso } from '@/lib/local-date';
import { useCreateMealPlanEntryMutation } from './meal-plan-api';
import { dayName, SLOT_NAMES } from './week';

/** 'Add to meal plan' on a recipe page: a day, a meal and servings (the recipe's own to start with). */
export function AddToMealPlan({ recipe }: { recipe: Pick<RecipeView, '_id' | 'title' | 'servings'> }) {
  const [open, setOpen] = useState(false);
  const [date, setDate] = useState(todayIso());
  const [slot, setSlot] = useState<MealSlot>('dinner');
  const [servings, setServings] = useState(recipe.servings ? String(recipe.servings) : '');
  const [formError, setFormError] = useState<string | null>(null);
  const [planned, setPlanned] = useState<{ date: string; slot: MealSlot } | null>(null);
  const [create, { isLoading, error, reset }] = useCreateMealPlanEntryMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = servings.trim() === '' ? null : Number(servings);
    if (value !== null && (!Number.isInteger(value) || value < 1 || value > MEAL_PLAN_SERVINGS_MAX))
      return setFormError(mealPlanMessages.servingsInvalid);
    if (!date) return setFormError(mealPlanMessages.dateInvalid);
    setFormError(null);
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
      {planned && (
        <p role="status" className="text-sm text-herb-600">
          Planned for {dayName(planned.date)}, {SLOT_NAMES[planned.slot].toLowerCase()}.{' '}
          <Link to={`/meal-planner?week=${mondayOf(planned.date)}`} className="font-semibold underline">
            Open the meal planner
          </Link>
        </p>
      )}
      <Dialog open={open} onClose={() => setOpen(false)} title="Add to meal plan">
        <form onSubmit={(event) => void submit(event)} className="mt-4 space-y-3" noValidate>
          <p className="text-sm wrap-anywhere text-ink-soft">{recipe.title}</p>
          <div className="grid grid-cols-2 gap-3">
            <label className="text-sm font-medium">
              Day
              <input
                type="date"
                value={date}
                onChange={(event) => setDate(event.target.value)}
                className={`${inputClasses} mt-1`}
                required
              />
            </label>
            <label className="text-sm font-medium">
              Meal
              <select
                value={slot}
                onChange={(event) => setSlot(event.target.value as MealSlot)}
                className={`${inputClasses} mt-1`}
              >
                {MEAL_SLOTS.map((name) => (
                  <option key={name} value={name}>
                    {SLOT_NAMES[name]}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <label className="block text-sm font-medium">
            Servings
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
          {formError && <ErrorBox>{formError}</ErrorBox>}
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
