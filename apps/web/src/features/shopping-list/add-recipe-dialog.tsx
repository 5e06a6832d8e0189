import { MEAL_PLAN_SERVINGS_MAX, shoppingListMessages } from '@forkful/contracts';
import { useState, type ReactNode } from 'react';
import { Dialog, DialogCloseFooter } from '@/components/ui/dialog';
import { ErrorBox } from '@/components/ui/error-box';
import { ServingsField } from '@/components/ui/servings-field';
import { reasonOf } from '@/lib/api-error';
import { newClientId } from './client-id';
import { parseListServings, recipeAddedMessage } from './recipe-to-list';
import { useAddFromRecipeMutation } from './shopping-list-api';

export interface PickedRecipe {
  _id: string;
  title: string;
}

/** The app layer's recipe chooser (by title, or from Saved Recipes), with the servings field shown inside it. */
export type RenderRecipePicker = (props: { fields: ReactNode; onPick: (recipe: PickedRecipe) => void }) => ReactNode;

interface AddRecipeDialogProps {
  open: boolean;
  onClose: () => void;
  onAdded: (message: string) => void;
  renderRecipePicker: RenderRecipePicker;
}

/** Puts one recipe's ingredients on the list at the servings chosen, from the shopping list page. */
export function AddRecipeDialog({ open, onClose, onAdded, renderRecipePicker }: AddRecipeDialogProps) {
  const [servings, setServings] = useState('');
  const [servingsError, setServingsError] = useState<string | null>(null);
  const [addFromRecipe, { isLoading, error, reset }] = useAddFromRecipeMutation();
  // One id per recipe picked while the dialog is open: a retry of the same pick adds nothing twice.
  const [pending, setPending] = useState<{ recipeId: string; clientId: string } | null>(null);

  const close = () => {
    reset();
    // The dialog stays mounted: the next opening is a new add, not a retry of this one.
    setPending(null);
    onClose();
  };

  const add = async (recipe: PickedRecipe) => {
    const value = parseListServings(servings);
    setServingsError(value === undefined ? shoppingListMessages.servingsInvalid : null);
    if (value === undefined || isLoading) return;
    const clientId = pending?.recipeId === recipe._id ? pending.clientId : newClientId();
    setPending({ recipeId: recipe._id, clientId });
    const result = await addFromRecipe({ recipeId: recipe._id, servings: value, clientId });
    if (result.data) {
      onAdded(recipeAddedMessage(recipe.title, result.data.changed));
      close();
    }
  };

  return (
    <Dialog open={open} onClose={close} title="Add a recipe to the list" className="w-[min(34rem,calc(100vw-2rem))]">
      <div className="mt-4">
        {renderRecipePicker({
          onPick: (recipe) => void add(recipe),
          fields: (
            <ServingsField
              className="mt-3"
              value={servings}
              onChange={setServings}
              max={MEAL_PLAN_SERVINGS_MAX}
              error={servingsError}
              hint={<span className="font-normal text-ink-soft">(empty: the recipe&apos;s own)</span>}
            />
          ),
        })}
      </div>
      {isLoading && <p className="mt-3 text-sm text-ink-soft">Adding…</p>}
      {error && <ErrorBox className="mt-3">{reasonOf(error)}</ErrorBox>}
      <DialogCloseFooter onClose={close} />
    </Dialog>
  );
}
