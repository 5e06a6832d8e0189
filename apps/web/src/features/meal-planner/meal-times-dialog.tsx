import {
  MEAL_SLOTS,
  updateMealPlanSettingsSchema,
  type MealPlanSettings,
  type UpdateMealPlanSettingsInput,
} from '@forkful/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogCloseFooter } from '@/components/ui/dialog';
import { ErrorBox } from '@/components/ui/error-box';
import { FormField, inputClasses } from '@/components/ui/form-field';
import { reasonOf } from '@/lib/api-error';
import { useGetMealPlanSettingsQuery, useUpdateMealPlanSettingsMutation } from './meal-plan-api';
import { SLOT_NAMES } from './week';

interface MealTimesDialogProps {
  open: boolean;
  onClose: () => void;
  onSaved: (message: string) => void;
}

function MealTimesForm({
  settings,
  onClose,
  onSaved,
}: { settings: MealPlanSettings } & Omit<MealTimesDialogProps, 'open'>) {
  const [save, { isLoading, error }] = useUpdateMealPlanSettingsMutation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<UpdateMealPlanSettingsInput>({
    // The server's own schema: its messages are the ones shown here.
    resolver: zodResolver(updateMealPlanSettingsSchema),
    defaultValues: settings,
  });

  const submit = handleSubmit(async (values) => {
    const result = await save(values);
    if (!('error' in result)) {
      onSaved('Meal times saved: the calendar shows them when it next refreshes');
      onClose();
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 space-y-4">
      <fieldset>
        <legend className="text-sm font-semibold">Times of the meals</legend>
        <div className="mt-2 grid gap-3 min-[420px]:grid-cols-2">
          {MEAL_SLOTS.map((slot) => (
            <FormField key={slot} label={SLOT_NAMES[slot]} error={errors.slotTimes?.[slot]?.message}>
              {(field) => <input {...field} {...register(`slotTimes.${slot}`)} type="time" className={inputClasses} />}
            </FormField>
          ))}
        </div>
      </fieldset>
      <FormField label="Length of each meal (minutes)" error={errors.eventMinutes?.message}>
        {(field) => (
          <input
            {...field}
            {...register('eventMinutes', { valueAsNumber: true })}
            type="number"
            inputMode="numeric"
            min={5}
            max={240}
            className={`${inputClasses} max-w-28`}
          />
        )}
      </FormField>
      {error && <ErrorBox>{reasonOf(error)}</ErrorBox>}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={isLoading}>
          Save times
        </Button>
      </div>
    </form>
  );
}

/** The times the calendar feed puts each meal at (the user's settings), and how long each lasts. */
export function MealTimesDialog({ open, onClose, onSaved }: MealTimesDialogProps) {
  const settings = useGetMealPlanSettingsQuery(undefined, { skip: !open });
  return (
    <Dialog open={open} onClose={onClose} title="Meal times">
      <p className="mt-2 text-sm text-ink-soft">The calendar feed puts each planned meal at its time.</p>
      {settings.isLoading && <p className="mt-4 text-sm">Getting your meal times…</p>}
      {settings.error && !settings.data && <ErrorBox className="mt-4">{reasonOf(settings.error)}</ErrorBox>}
      {settings.data && <MealTimesForm settings={settings.data} onClose={onClose} onSaved={onSaved} />}
      {!settings.data && <DialogCloseFooter onClose={onClose} />}
    </Dialog>
  );
}
