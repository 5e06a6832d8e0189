import { MEAL_PLAN_SERVINGS_MAX, shoppingListMessages, type RecipeView } from '@forkful/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { ActionDialog } from '@/components/ui/action-dialog';
import { ServingsField } from '@/components/ui/servings-field';
import { reasonOf } from '@/lib/api-error';
import { newClientId } from './client-id';
import { parseListServings, recipeAddedMessage } from './recipe-to-list';
import { useAddFromRecipeMutation } from './shopping-list-api';

/** 'Add to shopping list' on a recipe page: its ingredients at the servings chosen (the recipe's own to start with). */
export function AddToShoppingList({ recipe }: { recipe: Pick<RecipeView, '_id' | 'title' | 'servings'> }) {
  const [open, setOpen] = useState(false);
  const [servings, setServings] = useState(recipe.servings ? String(recipe.servings) : '');
  const [servingsError, setServingsError] = useState<string | null>(null);
  // One id per opening: a second press or a lost answer sent again adds nothing twice (the contract's sync rules).
  const [clientId, setClientId] = useState(newClientId);
  const [added, setAdded] = useState<string | null>(null);
  const [addFromRecipe, { isLoading, error, reset }] = useAddFromRecipeMutation();

  const submit = async () => {
    const value = parseListServings(servings);
    setServingsError(value === undefined ? shoppingListMessages.servingsInvalid : null);
    if (value === undefined || isLoading) return;
    const result = await addFromRecipe({ recipeId: recipe._id, servings: value, clientId });
    if (result.data) {
      setAdded(recipeAddedMessage(recipe.title, result.data.changed));
      setOpen(false);
    }
  };

  return (
    <ActionDialog
      icon={
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 fill-current">
          <path d="M1 2h3.2l.6 2H18l-2.2 8H6.6l.4 1.5H16V15H5.4L2.9 3.5H1V2Zm6 15a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0Zm9 0a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0Z" />
        </svg>
      }
      label="Add to shopping list"
      submitLabel="Add to list"
      open={open}
      onOpen={() => {
        reset();
        setClientId(newClientId());
        setAdded(null);
        setOpen(true);
      }}
      onClose={() => setOpen(false)}
      onSubmit={() => void submit()}
      busy={isLoading}
      subject={recipe.title}
      errors={[error ? reasonOf(error) : null]}
      done={
        added && (
          <>
            {added}.{' '}
            <Link to="/shopping-list" className="font-semibold underline">
              Open the shopping list
            </Link>
          </>
        )
      }
    >
      <ServingsField
        value={servings}
        onChange={setServings}
        max={MEAL_PLAN_SERVINGS_MAX}
        error={servingsError}
        hint={
          recipe.servings ? undefined : (
            <span className="font-normal text-ink-soft">(empty: as the recipe is written)</span>
          )
        }
      />
    </ActionDialog>
  );
}
