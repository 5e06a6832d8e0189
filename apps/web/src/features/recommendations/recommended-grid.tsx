import { clientErrors, type RecommendedRecipe } from '@forkful/contracts';
import { RecipeCard } from '@/components/recipe-card';
import { gridClasses, RecipeCardSkeleton } from '@/components/recipe-grid';
import { ErrorBox } from '@/components/ui/error-box';

interface RecommendedGridProps {
  recipes: RecommendedRecipe[] | undefined;
  loading: boolean;
  failed: boolean;
  skeletonCount: number;
  label: string;
  headingLevel?: 2 | 3;
}

/** Recipe cards, each with why it is there when that is something the viewer did ('Because you saved Shakshuka'). */
export function RecommendedGrid({
  recipes,
  loading,
  failed,
  skeletonCount,
  label,
  headingLevel,
}: RecommendedGridProps) {
  if (failed) return <ErrorBox>{clientErrors.fetchRecipes}</ErrorBox>;
  if (loading || !recipes) {
    return (
      <div className={gridClasses} role="status" aria-busy="true" aria-label={`${label} loading`}>
        {Array.from({ length: skeletonCount }, (_, i) => (
          <RecipeCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  return (
    <ul className={gridClasses} aria-label={label}>
      {recipes.map((recipe) => (
        <li key={recipe._id} className="flex flex-col gap-2">
          {recipe.reason && (
            <p className="flex items-center gap-1.5 text-sm font-medium text-brand-700">
              <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4 shrink-0 fill-current">
                <path d="M12 21s-7.5-4.6-9.5-9.4C1.1 8.2 3.3 4.5 7 4.5c2 0 3.6 1.1 5 2.9 1.4-1.8 3-2.9 5-2.9 3.7 0 5.9 3.7 4.5 7.1C19.5 16.4 12 21 12 21Z" />
              </svg>
              <span className="line-clamp-1">{recipe.reason}</span>
            </p>
          )}
          <div className="flex-1">
            <RecipeCard recipe={recipe} headingLevel={headingLevel} />
          </div>
        </li>
      ))}
    </ul>
  );
}
