import { useEffect } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { RecipeGrid } from '@/components/recipe-grid';
import { Button, buttonClasses } from '@/components/ui/button';
import { EmptyPlate } from '@/components/ui/empty-plate';
import { useSelector } from 'react-redux';
import { useAppDispatch } from '@/lib/store-hooks';
import { fetchSearchedRecipes, selectSearch } from './search-slice';
import { SearchIcon } from '@/components/ui/search-icon';

/** With no words to search for, the page points at the search box (on phones it sits in the menu). */
function NoQuery({ onSearch }: { onSearch?: () => void }) {
  return (
    <div className="flex flex-col items-center rounded-3xl border border-dashed border-line bg-white/60 px-5 py-10 text-center sm:py-12">
      <EmptyPlate className="h-24 w-auto sm:h-28" />
      <p className="mt-5 max-w-md text-lg text-ink-soft">
        Type a dish or an ingredient into the search box, and every recipe whose title matches shows up here.
      </p>
      <div className="mt-6 flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">
        {onSearch && (
          <Button size="lg" onClick={onSearch}>
            <SearchIcon className="size-4 stroke-current" />
            Find a recipe
          </Button>
        )}
        <Link to="/recipes" className={buttonClasses('secondary', 'lg')}>
          Browse all recipes
        </Link>
      </div>
    </div>
  );
}

/** Search Results for the typed title (spec section 2). The query lives in the URL so results survive a reload. */
export function SearchedRecipesPage({ onSearch }: { onSearch?: () => void }) {
  const [params] = useSearchParams();
  const { key } = useLocation();
  const query = (params.get('query') ?? '').trim();
  const dispatch = useAppDispatch();
  const { searched } = useSelector(selectSearch);

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
          <NoQuery onSearch={onSearch} />
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
