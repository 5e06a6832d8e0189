import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { ViewRecipePage } from '@/features/recipes/view-recipe-page';
import { ReviewsSection } from '@/features/reviews/reviews-section';
import { useHydrated } from '@/lib/use-hydrated';

// Issue 19: 'More like this' under the recipe, for everyone; its own chunk, loaded once the drawn page is adopted.
const SimilarRecipes = lazy(() => import('@/features/recommendations/similar-recipes'));

function MoreLikeThis() {
  const { recipeId } = useParams();
  const hydrated = useHydrated();
  if (!recipeId || !hydrated) return null;
  return (
    <Suspense fallback={null}>
      <SimilarRecipes key={recipeId} recipeId={recipeId} />
    </Suspense>
  );
}

export function Component() {
  return (
    <>
      <ViewRecipePage
        renderReviews={(recipe) => (
          <ReviewsSection key={recipe._id} recipeId={recipe._id} authorId={recipe.author._id} />
        )}
      />
      <MoreLikeThis />
    </>
  );
}
