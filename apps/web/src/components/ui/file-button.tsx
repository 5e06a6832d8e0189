import { useId, type ReactNode } from 'react';
import { buttonClasses, type ButtonVariant } from './button';

interface FileButtonProps {
  children: ReactNode;
  accept: string;
  onFile: (file: File) => void;
  variant?: ButtonVariant;
  disabled?: boolean;
  describedBy?: string;
  invalid?: boolean;
}

/** A file input that looks like a button; the input stays in the tab order and gets the visible focus ring. */
export function FileButton({
  children,
  accept,
  onFile,
  variant = 'secondary',
  disabled,
  describedBy,
  invalid,
}: FileButtonProps) {
  const id = useId();
  return (
    <label
      htmlFor={id}
      className={buttonClasses(
        variant,
        'md',
        'cursor-pointer has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500',
      )}
      aria-disabled={disabled || undefined}
    >
      {children}
      <input
        id={id}
        type="file"
        accept={accept}
        disabled={disabled}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        className="sr-only"
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Reset so choosing the same file again still fires a change.
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </label>
  );
}
