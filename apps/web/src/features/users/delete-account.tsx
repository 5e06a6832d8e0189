import { alerts, clientErrors } from '@forkful/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { ErrorBox } from '@/components/ui/error-box';
import { reasonOf } from '@/lib/api-error';
import { sessionCleared } from '@/lib/session';
import { useAppDispatch } from '@/lib/store-hooks';
import { useDeleteAccountMutation } from './users-api';

/** Deleting the account also deletes the user's recipes (spec section 6); it asks first. */
export function DeleteAccount() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [deleteAccount, { isLoading }] = useDeleteAccountMutation();

  const confirm = async () => {
    setError(null);
    const result = await deleteAccount();
    if ('error' in result && result.error) {
      setOpen(false);
      setError(`${reasonOf(result.error)} ${clientErrors.accountDeleteSuffix}`);
      return;
    }
    setOpen(false);
    window.alert(alerts.accountDeleted);
    dispatch(sessionCleared());
    void navigate('/');
  };

  return (
    <div className="space-y-3">
      <p className="text-sm text-ink-soft">Your account and every recipe you created are removed for good.</p>
      {error && <ErrorBox>Error: {error}</ErrorBox>}
      <Button variant="danger" size="sm" onClick={() => setOpen(true)}>
        Delete account
      </Button>
      <ConfirmDialog
        open={open}
        title={alerts.deleteConfirmTitle}
        text={alerts.deleteConfirmText}
        confirmLabel="Delete account"
        busy={isLoading}
        onConfirm={() => void confirm()}
        onCancel={() => setOpen(false)}
      />
    </div>
  );
}
