import {
  MEAL_PLAN_SERVINGS_MAX,
  MEAL_SLOTS,
  mealPlanMessages,
  type MealPlanEntry,
  type MealSlot,
} from '@forkful/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorBox } from '@/components/ui/error-box';
import { inputClasses } from '@/components/ui/form-field';
import { dayName, entryTitle, SLOT_NAMES } from './week';

interface EntryMenuProps {
  entry: MealPlanEntry;
  days: string[];
  open: boolean;
  onClose: () => void;
  onMove: (date: string, slot: MealSlot) => void;
  onServings: (servings: number | null) => void;
  onRemove: () => void;
}

/** The phone's way to move an entry (and everyone's way to change its servings or remove it). */
export function EntryMenu({ entry, days, open, onClose, onMove, onServings, onRemove }: EntryMenuProps) {
  const [date, setDate] = useState(entry.date);
  const [slot, setSlot] = useState<MealSlot>(entry.slot);
  const [servings, setServings] = useState(entry.servings === null ? '' : String(entry.servings));
  const [error, setError] = useState<string | null>(null);
  const title = entryTitle(entry);
  const isRecipe = entry.recipe !== null;

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (date !== entry.date || slot !== entry.slot) onMove(date, slot);
    if (isRecipe) {
      const value = servings.trim() === '' ? null : Number(servings);
      if (value !== null && (!Number.isInteger(value) || value < 1 || value > MEAL_PLAN_SERVINGS_MAX))
        return setError(mealPlanMessages.servingsInvalid);
      if (value !== entry.servings) onServings(value);
    }
    onClose();
  };

  return (
    <Dialog open={open} onClose={onClose} title={title}>
      <form onSubmit={save} className="mt-4 space-y-3" noValidate>
        <fieldset className="grid grid-cols-2 gap-3">
          <legend className="mb-1 text-sm font-semibold">Move to</legend>
          <label className="text-sm font-medium">
            Day
            <select value={date} onChange={(event) => setDate(event.target.value)} className={`${inputClasses} mt-1`}>
              {/* The entry's own day stays choosable when it is outside the week shown. */}
              {(days.includes(entry.date) ? days : [entry.date, ...days]).map((day) => (
                <option key={day} value={day}>
                  {dayName(day)}
                </option>
              ))}
            </select>
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
        </fieldset>
        {isRecipe && (
          <label className="block text-sm font-medium">
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
        )}
        {error && <ErrorBox>{error}</ErrorBox>}
        <div className="flex flex-wrap justify-between gap-2 pt-2">
          <Button
            variant="danger-ghost"
            onClick={() => {
              onRemove();
              onClose();
            }}
          >
            Remove
          </Button>
          <div className="flex gap-2">
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit">Save</Button>
          </div>
        </div>
      </form>
    </Dialog>
  );
}
