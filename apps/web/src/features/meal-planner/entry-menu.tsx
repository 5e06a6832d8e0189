import { mealPlanMessages, type MealPlanEntry, type MealSlot } from '@forkful/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { parsePlanServings, PlanFields, RECIPE_OWN_SERVINGS_HINT } from './plan-fields';
import { entryTitle } from './week';

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
    const value = isRecipe ? parsePlanServings(servings) : null;
    // Nothing is sent while a field is wrong: a move with a refused servings change would be half a save.
    if (value === undefined) return setError(mealPlanMessages.servingsInvalid);
    if (date !== entry.date || slot !== entry.slot) onMove(date, slot);
    if (isRecipe && value !== entry.servings) onServings(value);
    onClose();
  };

  return (
    <Dialog open={open} onClose={onClose} title={title}>
      <form onSubmit={save} className="mt-4 space-y-3" noValidate>
        <PlanFields
          legend="Move to"
          day={{ value: date, onChange: setDate, choices: days }}
          slot={{ value: slot, onChange: setSlot }}
        />
        {isRecipe && (
          <PlanFields servings={{ value: servings, onChange: setServings, hint: RECIPE_OWN_SERVINGS_HINT, error }} />
        )}
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
