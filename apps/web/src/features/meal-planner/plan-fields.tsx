import { MEAL_PLAN_SERVINGS_MAX, MEAL_SLOTS, type MealSlot } from '@forkful/contracts';
import type { ReactNode } from 'react';
import { inputClasses } from '@/components/ui/form-field';
import { parseServings, ServingsField } from '@/components/ui/servings-field';
import { cn } from '@/lib/cn';
import { dayName, SLOT_NAMES } from './week';

/** Planned servings as typed: null = the recipe's own, undefined = not a whole number from 1 to 100. */
export const parsePlanServings = (text: string) => parseServings(text, MEAL_PLAN_SERVINGS_MAX);

export const RECIPE_OWN_SERVINGS_HINT = (
  <span className="font-normal text-ink-soft">(empty: the recipe&apos;s own)</span>
);

interface PlanFieldsProps {
  legend?: string;
  /** The day: a date field, or a list of days to choose from when `choices` is given. */
  day?: { value: string; onChange: (date: string) => void; choices?: string[] };
  slot?: { value: MealSlot; onChange: (slot: MealSlot) => void };
  servings?: { value: string; onChange: (servings: string) => void; hint?: ReactNode; error?: string | null };
  className?: string;
}

/**
 * Where and for how many a recipe is planned: day, meal and servings, or the ones a form needs ('Add to meal plan'
 * on a recipe page, an entry's menu, the planner's add dialog).
 */
export function PlanFields({ legend, day, slot, servings, className }: PlanFieldsProps) {
  return (
    <fieldset className={cn('space-y-3', className)}>
      {legend && <legend className="mb-1 text-sm font-semibold">{legend}</legend>}
      {(day || slot) && (
        <div className="grid grid-cols-2 gap-3">
          {day && (
            <label className="text-sm font-medium">
              Day
              {day.choices ? (
                <select
                  value={day.value}
                  onChange={(event) => day.onChange(event.target.value)}
                  className={`${inputClasses} mt-1`}
                >
                  {/* The entry's own day stays choosable when it is outside the days offered. */}
                  {(day.choices.includes(day.value) ? day.choices : [day.value, ...day.choices]).map((date) => (
                    <option key={date} value={date}>
                      {dayName(date)}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  type="date"
                  value={day.value}
                  onChange={(event) => day.onChange(event.target.value)}
                  className={`${inputClasses} mt-1`}
                  required
                />
              )}
            </label>
          )}
          {slot && (
            <label className="text-sm font-medium">
              Meal
              <select
                value={slot.value}
                onChange={(event) => slot.onChange(event.target.value as MealSlot)}
                className={`${inputClasses} mt-1`}
              >
                {MEAL_SLOTS.map((name) => (
                  <option key={name} value={name}>
                    {SLOT_NAMES[name]}
                  </option>
                ))}
              </select>
            </label>
          )}
        </div>
      )}
      {servings && (
        <ServingsField
          value={servings.value}
          onChange={servings.onChange}
          max={MEAL_PLAN_SERVINGS_MAX}
          hint={servings.hint}
          error={servings.error}
        />
      )}
    </fieldset>
  );
}
