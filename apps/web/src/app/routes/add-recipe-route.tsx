import { RequireLogin } from '@/features/auth/require-login';
import { AddRecipePage } from '@/features/recipes/add-recipe-page';

export function Component() {
  return (
    <>
      <title>Add recipe · Forkful</title>
      <RequireLogin>
        <AddRecipePage />
      </RequireLogin>
    </>
  );
}
