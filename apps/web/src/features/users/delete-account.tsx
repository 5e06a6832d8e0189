import { alerts, clientErrors } from '@forkful/contracts';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { ErrorBox } from '@/components/ui/error-box';
import { sessionCleared } from '@/lib/session';
import { useAppDispatch } from '@/lib/store-hooks';
import { useConfirmedAction } from '@/lib/use-confirmed-action';
import { useDeleteAccountMutation } from './users-api';

/** Deleting the account also deletes the user's recipes (spec section 6); it asks first. */
export function DeleteAccount() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [deleteAccount] = useDeleteAccountMutation();
  const deletion = useConfirmedAction({
    run: () => deleteAccount(),
    onDone: () => {
      window.alert(alerts.accountDeleted);
      dispatch(sessionCleared());
      void navigate('/');
    },
    failureShown: 'on-page',
  });

  return (
    <div className="space-y-3">
      <p className="text-sm text-ink-soft">Your account and every recipe you created are removed for good.</p>
      {deletion.error && (
        <ErrorBox>
          Error: {deletion.error} {clientErrors.accountDeleteSuffix}
        </ErrorBox>
      )}
      <Button variant="danger" size="sm" onClick={deletion.ask}>
        Delete account
      </Button>
      <ConfirmDialog
        {...deletion.dialog}
        title={alerts.deleteConfirmTitle}
        text={alerts.deleteConfirmText}
        confirmLabel="Delete account"
      />
    </div>
  );
}
