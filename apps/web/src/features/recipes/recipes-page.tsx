import { RECIPE_PAGE_SIZE } from '@forkful/contracts';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { RecipeGrid } from '@/components/recipe-grid';
import { Pager } from './pager';
import { parsePage } from './recipe-pages';
import { useRecipePage } from './use-recipe-page';

/** All Recipes (spec section 2): 12 per page, the page number in the URL (?page=N). */
export function RecipesPage() {
  const [params, setParams] = useSearchParams();
  const page = parsePage(params.get('page'));
  const { recipes, totalPages, isLoading, isError } = useRecipePage(page);
  const gridRef = useRef<HTMLDivElement>(null);
  const firstRender = useRef(true);

  // A page beyond the end (an old bookmark) moves to the last page that exists.
  useEffect(() => {
    if (totalPages !== undefined && page > totalPages) setParams({ page: String(totalPages) }, { replace: true });
  }, [page, totalPages, setParams]);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    // Next and Previous land on the new page's first recipes, just below the sticky header (scroll-margin-top).
    gridRef.current?.scrollIntoView({ block: 'start' });
  }, [page]);

  const goTo = (next: number) => setParams(next === 1 ? {} : { page: String(next) });

  return (
    <div className="container-page py-10 sm:py-14">
      <header className="max-w-2xl">
        <p className="text-sm font-semibold tracking-[0.14em] text-brand-700 uppercase">The collection</p>
        <h1 className="mt-2 text-4xl font-bold sm:text-5xl">All Recipes</h1>
        <p className="mt-4 text-lg text-ink-soft">
          Every dish our community has cooked, photographed and written down — from weeknight noodles to slow Sunday
          roasts. Browse {RECIPE_PAGE_SIZE} at a time, open one that makes you hungry, and make it yours.
        </p>
      </header>
      <div ref={gridRef} className="mt-10 scroll-mt-[calc(var(--header-height,4.5rem)+1.5rem)]">
        <RecipeGrid
          recipes={recipes}
          loading={isLoading}
          failed={isError}
          skeletonCount={RECIPE_PAGE_SIZE}
          label={`Recipes, page ${page}`}
          headingLevel={2}
        />
      </div>
      {totalPages !== undefined && !isError && (
        <div className="mt-12">
          <Pager page={Math.min(page, totalPages)} totalPages={totalPages} onPage={goTo} />
        </div>
      )}
    </div>
  );
}
