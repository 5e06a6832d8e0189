import { alerts } from '@forkful/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { ErrorBox } from '@/components/ui/error-box';
import { reasonOf } from '@/lib/api-error';
import { useDeleteRecipeMutation } from './recipes-api';

/** Delete with confirmation (spec section 4): success → /recipes; failure shows the reason and asks to retry. */
export function DeleteRecipeButton({ recipeId }: { recipeId: string }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [deleteRecipe, { isLoading }] = useDeleteRecipeMutation();

  const confirm = async () => {
    setError(null);
    const result = await deleteRecipe(recipeId);
    if ('error' in result && result.error) {
      setError(reasonOf(result.error));
      return;
    }
    setOpen(false);
    void navigate('/recipes');
  };

  return (
    <>
      <Button variant="danger-ghost" onClick={() => setOpen(true)}>
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 fill-current">
          <path d="M7 3h6l1 1h3v2H3V4h3l1-1Zm-2 4h10l-.8 10.1A2 2 0 0 1 12.2 19H7.8a2 2 0 0 1-2-1.9L5 7Z" />
        </svg>
        Delete
      </Button>
      <ConfirmDialog
        open={open}
        title={alerts.deleteConfirmTitle}
        text={alerts.deleteConfirmText}
        confirmLabel="Delete"
        busy={isLoading}
        error={error && <ErrorBox>Error: {error}. Please try again.</ErrorBox>}
        onConfirm={() => void confirm()}
        onCancel={() => {
          setOpen(false);
          setError(null);
        }}
      />
    </>
  );
}
