import { useFieldArray, useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { CharacterCount, FieldError, RequiredMark, inputClasses } from '@/components/ui/form-field';
import { cn } from '@/lib/cn';
import { recipeLimits, type RecipeFormInput } from './recipe-form-schema';

/** A row counts its characters once it comes near the limit of one entry. */
const COUNT_FROM = Math.floor(recipeLimits.entry * 0.9);

interface EntryRowsProps {
  name: 'ingredients' | 'steps';
  legend: string;
  itemLabel: string;
  placeholder: string;
  control: Control<RecipeFormInput>;
  register: UseFormRegister<RecipeFormInput>;
  errors: FieldErrors<RecipeFormInput>;
  multiline?: boolean;
}

/** Dynamic ingredient or step rows; the first row cannot be removed (spec section 5). */
export function EntryRows({
  name,
  legend,
  itemLabel,
  placeholder,
  control,
  register,
  errors,
  multiline,
}: EntryRowsProps) {
  const { fields, append, remove } = useFieldArray({ control, name });
  const rowErrors = errors[name];
  const values = useWatch({ control, name });
  return (
    // A fieldset is as wide as its widest word by default (min-inline-size: min-content): one long URL in a step
    // would push the whole page sideways.
    <fieldset className="min-w-0">
      <legend className="mb-2 text-sm font-semibold text-ink">
        {legend}
        <RequiredMark />
      </legend>
      <ol className="space-y-3">
        {fields.map((field, index) => {
          const error = rowErrors?.[index]?.value?.message;
          const id = `${name}-${field.id}`;
          const errorId = `${id}-error`;
          const countId = `${id}-count`;
          // The schema trims before it counts, so the counter does too.
          const length = (values[index]?.value ?? '').trim().length;
          const counting = length >= COUNT_FROM;
          const describedBy = [counting ? countId : null, error ? errorId : null].filter(Boolean).join(' ');
          const removable = index > 0;
          return (
            <li key={field.id} className="flex items-start gap-2">
              <span
                aria-hidden="true"
                className="mt-2.5 grid size-7 shrink-0 place-items-center rounded-full bg-brand-50 text-sm font-semibold text-brand-700"
              >
                {index + 1}
              </span>
              <div className="min-w-0 flex-1">
                <label htmlFor={id} className="sr-only">
                  {`${itemLabel} ${index + 1}`}
                </label>
                {/* The remove button sits inside the field's corner, so every row's field spans the card's width
                    (row 1, which cannot be removed, keeps no empty column) and only removable rows give up the
                    corner. Every row grows with its text where the browser can (field-sizing): nothing is cut. */}
                <div className="relative">
                  <textarea
                    id={id}
                    aria-invalid={Boolean(error)}
                    aria-describedby={describedBy || undefined}
                    aria-required
                    placeholder={index === 0 ? placeholder : undefined}
                    rows={multiline ? 3 : 1}
                    className={cn(
                      inputClasses,
                      'field-sizing-content wrap-anywhere',
                      multiline ? 'min-h-20 resize-y' : 'resize-none',
                      removable && 'pr-12',
                    )}
                    onKeyDown={(event) => {
                      // An ingredient is one line: Enter must not put a line break into it.
                      if (!multiline && event.key === 'Enter') event.preventDefault();
                    }}
                    {...register(`${name}.${index}.value` as const)}
                  />
                  {removable && (
                    <button
                      type="button"
                      onClick={() => remove(index)}
                      aria-label={`Remove ${itemLabel.toLowerCase()} ${index + 1}`}
                      className="absolute top-1 right-1 grid size-9 place-items-center rounded-full text-ink-soft hover:bg-danger-50 hover:text-danger-600"
                    >
                      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5 fill-current">
                        <path d="M7 3h6l1 1h3v2H3V4h3l1-1Zm-2 4h10l-.8 10.1A2 2 0 0 1 12.2 19H7.8a2 2 0 0 1-2-1.9L5 7Z" />
                      </svg>
                    </button>
                  )}
                </div>
                {counting && (
                  <div className="mt-1.5 flex">
                    <CharacterCount id={countId} length={length} max={recipeLimits.entry} />
                  </div>
                )}
                <FieldError id={errorId} message={error} />
              </div>
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        onClick={() => append({ value: '' })}
        className="mt-3 ml-9 inline-flex items-center gap-1.5 rounded-full px-3 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 fill-current">
          <path d="M9 4h2v5h5v2h-5v5H9v-5H4V9h5z" />
        </svg>
        Add {itemLabel.toLowerCase()}
      </button>
    </fieldset>
  );
}
