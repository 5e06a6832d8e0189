import { mealPlanMessages, mondayOf, type MealSlot, type RecipeView } from '@forkful/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { ActionDialog } from '@/components/ui/action-dialog';
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

  const submit = async () => {
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
    <ActionDialog
      icon={
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 fill-current">
          <path d="M6 2h2v2h4V2h2v2h2a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h2V2Zm10 6H4v8h12V8Z" />
        </svg>
      }
      label="Add to meal plan"
      submitLabel="Add to plan"
      open={open}
      onOpen={() => {
        reset();
        setOpen(true);
      }}
      onClose={() => setOpen(false)}
      onSubmit={() => void submit()}
      busy={isLoading}
      subject={recipe.title}
      errors={[dateError, error ? reasonOf(error) : null]}
      done={
        planned && (
          <>
            Planned for {dayName(planned.date)}, {SLOT_NAMES[planned.slot].toLowerCase()}.{' '}
            <Link to={`/meal-planner?week=${mondayOf(planned.date)}`} className="font-semibold underline">
              Open the meal planner
            </Link>
          </>
        )
      }
    >
      <PlanFields
        day={{ value: date, onChange: setDate }}
        slot={{ value: slot, onChange: setSlot }}
        servings={{ value: servings, onChange: setServings, error: servingsError }}
      />
    </ActionDialog>
  );
}
