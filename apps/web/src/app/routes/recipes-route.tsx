import { RecipesPage } from '@/features/recipes/recipes-page';

export function Component() {
  return (
    <>
      <title>All Recipes · Forkful</title>
      <RecipesPage />
    </>
  );
}
