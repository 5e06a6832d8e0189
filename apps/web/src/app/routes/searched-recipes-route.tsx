import { SearchedRecipesPage } from '@/features/search/searched-recipes-page';

export function Component() {
  return (
    <>
      <title>Search Results · Forkful</title>
      <SearchedRecipesPage />
    </>
  );
}
