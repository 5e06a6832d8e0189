import { alerts, clientErrors } from '@forkful/contracts';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { ErrorBox } from '@/components/ui/error-box';
import { flashed } from '@/lib/flash';
import { sessionCleared } from '@/lib/session';
import { useAppDispatch } from '@/lib/store-hooks';
import { useConfirmedAction } from '@/lib/use-confirmed-action';
import { useDeleteAccountMutation } from './users-api';

/** Deleting the account also deletes the user's recipes (spec section 6) and reviews; it asks first and says so. */
export function DeleteAccount() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [deleteAccount] = useDeleteAccountMutation();
  const deletion = useConfirmedAction({
    run: () => deleteAccount(),
    onDone: () => {
      // Said on the landing page, where the now logged-out cook arrives.
      dispatch(flashed(alerts.accountDeleted));
      dispatch(sessionCleared());
      void navigate('/');
    },
    failureShown: 'on-page',
  });

  return (
    <div className="space-y-3">
      <p className="text-sm text-ink-soft">
        Your account, every recipe you created and every review you wrote are removed for good.
      </p>
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
        details="Your recipes and reviews are deleted with your account."
        confirmLabel="Delete account"
      />
    </div>
  );
}
