import { RequireLogin } from '@/features/auth/require-login';
import { RecipePicker } from '@/features/meal-planner/recipe-picker';
import { ShoppingListPage } from '@/features/shopping-list/shopping-list-page';

export function Component() {
  return (
    <>
      <title>Shopping list · Forkful</title>
      <RequireLogin>
        <ShoppingListPage
          renderRecipePicker={({ fields, onPick }) => <RecipePicker label="Add from" fields={fields} onPick={onPick} />}
        />
      </RequireLogin>
    </>
  );
}
