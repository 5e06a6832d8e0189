import { RequireLogin } from '@/features/auth/require-login';
import { EditRecipePage } from '@/features/recipes/edit-recipe-page';

export function Component() {
  return (
    <>
      <title>Edit recipe · Forkful</title>
      <RequireLogin>
        <EditRecipePage />
      </RequireLogin>
    </>
  );
}
