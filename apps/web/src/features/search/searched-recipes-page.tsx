import { useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { RecipeGrid } from '@/components/recipe-grid';
import { useAppDispatch, useAppSelector } from '@/lib/store-hooks';
import { fetchSearchedRecipes, selectSearch } from './search-slice';

/** Search Results for the typed title (spec section 2). The query lives in the URL so results survive a reload. */
export function SearchedRecipesPage() {
  const [params] = useSearchParams();
  const { key } = useLocation();
  const query = (params.get('query') ?? '').trim();
  const dispatch = useAppDispatch();
  const { searched } = useAppSelector(selectSearch);

  useEffect(() => {
    if (!query) return;
    const promise = dispatch(fetchSearchedRecipes(query));
    return () => promise.abort();
    // A repeated search for the same words (new history entry, same query) runs again.
  }, [dispatch, query, key]);

  return (
    <div className="container-page py-10 sm:py-14">
      <p className="text-sm font-semibold tracking-[0.14em] text-brand-700 uppercase">Search Results</p>
      <h1 className="mt-2 text-3xl font-bold sm:text-4xl">
        {query ? (
          <>
            Recipes matching <span className="text-brand-700">“{query}”</span>
          </>
        ) : (
          'Search for a recipe'
        )}
      </h1>
      <div className="mt-8">
        {!query ? (
          <p className="text-ink-soft">Type a dish or an ingredient in the search box above.</p>
        ) : (
          <RecipeGrid
            recipes={searched.loading ? undefined : searched.data}
            failed={Boolean(searched.error)}
            label="Search results"
            headingLevel={2}
          />
        )}
      </div>
    </div>
  );
}
