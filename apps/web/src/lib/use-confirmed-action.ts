import { useState } from 'react';
import { reasonOf } from './api-error';

/** What an RTK Query mutation's trigger resolves to. */
export type MutationOutcome<R> = { data: R; error?: undefined } | { data?: undefined; error: object };

interface ConfirmedActionOptions<R> {
  run: () => PromiseLike<MutationOutcome<R>>;
  onDone: (data: R) => void;
  /**
   * Where a failure is shown: in the dialog, which stays open so the user can try again, or on the page, with the
   * dialog closed.
   */
  failureShown: 'in-dialog' | 'on-page';
}

/**
 * Confirm-then-act: a button asks, the dialog confirms, the action runs once confirmed. Spread `dialog` onto a
 * ConfirmDialog; `error` is the failure's reason.
 */
export function useConfirmedAction<R>({ run, onDone, failureShown }: ConfirmedActionOptions<R>) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onConfirm = async () => {
    setError(null);
    setBusy(true);
    const result = await run();
    setBusy(false);
    if (result.error) {
      if (failureShown === 'on-page') setOpen(false);
      setError(reasonOf(result.error));
      return;
    }
    setOpen(false);
    onDone(result.data);
  };

  const onCancel = () => {
    setOpen(false);
    // A failure on the page stays until the next try; one in the dialog goes with it.
    if (failureShown === 'in-dialog') setError(null);
  };

  return {
    ask: () => setOpen(true),
    error,
    dialog: { open, busy, onConfirm: () => void onConfirm(), onCancel },
  };
}
