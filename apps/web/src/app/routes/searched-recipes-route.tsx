import { SearchedRecipesPage } from '@/features/search/searched-recipes-page';
import { useFocusSearch } from '../root-layout';

export function Component() {
  const focusSearch = useFocusSearch();
  return (
    <>
      <title>Search Results · Forkful</title>
      <SearchedRecipesPage onSearch={focusSearch} />
    </>
  );
}
