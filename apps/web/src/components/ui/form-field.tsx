import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
}

interface FormFieldProps {
  label: ReactNode;
  required?: boolean;
  error?: string;
  hint?: ReactNode;
  /** A character counter ('37/100') shown while typing, so a limit is seen before the form is sent. */
  count?: CharacterCountProps;
  className?: string;
  /** Hide the label visually (it is still announced). */
  labelHidden?: boolean;
  children: (control: FieldControlProps) => ReactNode;
}

export const inputClasses =
  'block w-full rounded-xl border border-line bg-white px-4 py-2.5 text-ink placeholder:text-ink-soft/60 ' +
  'shadow-[inset_0_1px_2px_rgb(42_29_21/0.04)] transition-colors hover:border-ink-soft/40 ' +
  'focus-visible:border-brand-500 focus-visible:outline-2 focus-visible:outline-offset-0 ' +
  'aria-[invalid=true]:border-danger-600 aria-[invalid=true]:bg-danger-50/40';

/** Marks a required field: a red asterisk for the eye, the word for screen readers. */
export function RequiredMark() {
  return (
    <>
      <span aria-hidden="true" className="ml-0.5 text-danger-600">
        *
      </span>
      <span className="sr-only"> (required)</span>
    </>
  );
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-danger-600">
      <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 size-4 shrink-0 fill-current">
        <path d="M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm-.75 4.5h1.5v5h-1.5v-5Zm0 6.5h1.5v1.5h-1.5V13Z" />
      </svg>
      {message}
    </p>
  );
}

interface CharacterCountProps {
  length: number;
  max: number;
  /** Show the counter only from this many characters on (a long field need not count from the first letter). */
  from?: number;
}

function isCounting(count: CharacterCountProps | undefined): count is CharacterCountProps {
  return count !== undefined && count.length >= (count.from ?? 0);
}

/** '37/100'; past the limit it turns red and says so in words, for the eye and for screen readers alike. */
export function CharacterCount({ id, length, max }: CharacterCountProps & { id: string }) {
  const over = length > max;
  return (
    <p
      id={id}
      className={cn('ml-auto shrink-0 text-sm tabular-nums', over ? 'font-semibold text-danger-600' : 'text-ink-soft')}
    >
      {length}/{max}
      <span className="sr-only"> characters</span>
      {over && ` · ${length - max} too many`}
    </p>
  );
}

/** A label, a control and its error, wired together for assistive technology. */
export function FormField({ label, required, error, hint, count, className, labelHidden, children }: FormFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const countId = `${id}-count`;
  const counting = isCounting(count);
  const describedBy =
    [hint ? hintId : null, counting ? countId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className={cn('mb-1.5 block text-sm font-semibold text-ink', labelHidden && 'sr-only')}>
        {label}
        {required && <RequiredMark />}
      </label>
      {children({
        id,
        'aria-invalid': Boolean(error),
        'aria-describedby': describedBy,
        ...(required ? { 'aria-required': true } : {}),
      })}
      {(hint || counting) && (
        <div className="mt-1.5 flex items-start gap-3">
          {hint && (
            <p id={hintId} className="min-w-0 text-sm text-ink-soft">
              {hint}
            </p>
          )}
          {counting && <CharacterCount id={countId} {...count} />}
        </div>
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
