import { alerts } from '@forkful/contracts';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { ErrorBox } from '@/components/ui/error-box';
import { useConfirmedAction } from '@/lib/use-confirmed-action';
import { useDeleteRecipeMutation } from './recipes-api';

/** Delete with confirmation (spec section 4): success → /recipes; failure shows the reason and asks to retry. */
export function DeleteRecipeButton({ recipeId }: { recipeId: string }) {
  const navigate = useNavigate();
  const [deleteRecipe] = useDeleteRecipeMutation();
  const deletion = useConfirmedAction({
    run: () => deleteRecipe(recipeId),
    onDone: () => void navigate('/recipes'),
    failureShown: 'in-dialog',
  });

  return (
    <>
      <Button variant="danger-ghost" onClick={deletion.ask}>
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 fill-current">
          <path d="M7 3h6l1 1h3v2H3V4h3l1-1Zm-2 4h10l-.8 10.1A2 2 0 0 1 12.2 19H7.8a2 2 0 0 1-2-1.9L5 7Z" />
        </svg>
        Delete
      </Button>
      <ConfirmDialog
        {...deletion.dialog}
        title={alerts.deleteConfirmTitle}
        text={alerts.deleteConfirmText}
        confirmLabel="Delete"
        error={deletion.error && <ErrorBox>Error: {deletion.error}. Please try again.</ErrorBox>}
      />
    </>
  );
}
