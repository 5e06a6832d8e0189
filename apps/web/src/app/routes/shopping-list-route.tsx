import { RequireLogin } from '@/features/auth/require-login';
import { ShoppingListPage } from '@/features/shopping-list/shopping-list-page';

export function Component() {
  return (
    <>
      <title>Shopping list · Forkful</title>
      <RequireLogin>
        <ShoppingListPage />
      </RequireLogin>
    </>
  );
}
