import type { FormEvent, ReactNode } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';
import { ErrorBox } from './error-box';

interface ActionDialogProps {
  /** The button's icon (an aria-hidden svg) and words, which also title the dialog. */
  icon: ReactNode;
  label: string;
  /** The submit button's words ('Add to plan'). */
  submitLabel: string;
  open: boolean;
  onOpen: () => void;
  onClose: () => void;
  onSubmit: () => void;
  busy: boolean;
  /** What the action is about, shown at the top of the dialog (a recipe's title). */
  subject: string;
  /** The dialog's fields. */
  children: ReactNode;
  /** Errors under the fields, in order (nulls are skipped). */
  errors: ReadonlyArray<string | null>;
  /** What happened, said in place after the dialog closes (with a link onwards), or null. */
  done: ReactNode;
}

/**
 * A recipe page's action that asks a question or two first ('Add to meal plan', 'Add to shopping list'): a button, a
 * dialog with a form, and a status line that announces the result where the button is.
 */
export function ActionDialog({
  icon,
  label,
  submitLabel,
  open,
  onOpen,
  onClose,
  onSubmit,
  busy,
  subject,
  children,
  errors,
  done,
}: ActionDialogProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <>
      <Button variant="secondary" onClick={onOpen}>
        {icon}
        {label}
      </Button>
      {/* In place before there is anything to say, so the words are announced when they arrive. */}
      <p role="status" className="text-sm text-herb-600 empty:hidden">
        {done}
      </p>
      <Dialog open={open} onClose={onClose} title={label}>
        <form onSubmit={submit} className="mt-4 space-y-3" noValidate>
          <p className="text-sm wrap-anywhere text-ink-soft">{subject}</p>
          {children}
          {errors.map((error, index) => error && <ErrorBox key={index}>{error}</ErrorBox>)}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {submitLabel}
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
