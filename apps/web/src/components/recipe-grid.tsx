import { clientErrors, type RecipeCard as RecipeCardData } from '@forkful/contracts';
import { RecipeCard } from './recipe-card';
import { EmptyPlate } from './ui/empty-plate';
import { ErrorBox } from './ui/error-box';
import { Skeleton } from './ui/skeleton';

interface RecipeGridProps {
  recipes: RecipeCardData[] | undefined;
  loading?: boolean;
  /** Any failure shows the spec's list error. */
  failed?: boolean;
  skeletonCount?: number;
  /** How many cards load eagerly (those in the first row). */
  eagerCount?: number;
  label?: string;
  /** Narrow containers (the profile page) use two columns at most. */
  narrow?: boolean;
  headingLevel?: 2 | 3;
}

export function RecipeCardSkeleton() {
  return (
    <div className="overflow-hidden rounded-2xl border border-line/70 bg-white shadow-card">
      <Skeleton className="aspect-[4/3] rounded-none" />
      <div className="space-y-3 p-5">
        <Skeleton className="h-5 w-3/4" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-1/2" />
      </div>
    </div>
  );
}

export const gridClasses = 'grid grid-cols-1 gap-5 sm:grid-cols-2 sm:gap-6 lg:grid-cols-3';

export function RecipeGrid({
  recipes,
  loading,
  failed,
  skeletonCount = 6,
  eagerCount = 3,
  label,
  narrow,
  headingLevel,
}: RecipeGridProps) {
  const grid = narrow ? 'grid grid-cols-1 gap-5 sm:grid-cols-2 sm:gap-6' : gridClasses;
  if (failed) return <ErrorBox>{clientErrors.fetchRecipes}</ErrorBox>;
  if (loading || !recipes) {
    return (
      <div className={grid} role="status" aria-busy="true" aria-label={label ? `${label} loading` : 'Loading recipes'}>
        {Array.from({ length: skeletonCount }, (_, i) => (
          <RecipeCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  if (recipes.length === 0) {
    return (
      <div className="flex flex-col items-center rounded-2xl border border-dashed border-line bg-white/60 px-6 py-10 text-center">
        <EmptyPlate className="h-20 w-auto" />
        <p className="mt-4 text-ink-soft">{clientErrors.noRecipes}</p>
      </div>
    );
  }
  return (
    <ul className={grid} aria-label={label}>
      {recipes.map((recipe, index) => (
        <li key={recipe._id}>
          <RecipeCard
            recipe={recipe}
            eager={index < eagerCount}
            priority={eagerCount > 0 && index === 0}
            headingLevel={headingLevel}
          />
        </li>
      ))}
    </ul>
  );
}
