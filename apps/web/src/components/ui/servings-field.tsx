import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { FieldError, inputClasses } from './form-field';

/**
 * The servings typed in a servings field: a whole number from 1 to `max`, null when left empty (the recipe's own),
 * undefined when it is not a valid number of servings.
 */
export function parseServings(text: string, max: number): number | null | undefined {
  if (text.trim() === '') return null;
  const value = Number(text);
  return Number.isInteger(value) && value >= 1 && value <= max ? value : undefined;
}

interface ServingsFieldProps {
  value: string;
  onChange: (value: string) => void;
  max: number;
  /** Said after the label, e.g. "(empty: the recipe's own)". */
  hint?: ReactNode;
  error?: string | null;
  className?: string;
}

/** 'Servings': a whole-number field, its error below it (the planner, the shopping list). */
export function ServingsField({ value, onChange, max, hint, error, className }: ServingsFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={cn('text-sm font-medium', className)}>
      <label htmlFor={id}>Servings{hint && <> {hint}</>}</label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        max={max}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? errorId : undefined}
        className={`${inputClasses} mt-1 max-w-28`}
      />
      <FieldError id={errorId} message={error ?? undefined} />
    </div>
  );
}
