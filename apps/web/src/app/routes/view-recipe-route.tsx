import type { RecipeView } from '@forkful/contracts';
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { ViewRecipePage } from '@/features/recipes/view-recipe-page';
import { ReviewsSection } from '@/features/reviews/reviews-section';
import { useSession } from '@/lib/session';
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

// Issue 18: 'Add to meal plan' and 'Add to shopping list' for a logged-in cook; one chunk, loaded only for them.
const KitchenActions = lazy(() => import('./view-recipe-kitchen-actions'));

function PlanThisRecipe({ recipe }: { recipe: RecipeView }) {
  const { isLoggedIn } = useSession();
  const hydrated = useHydrated();
  if (!isLoggedIn || !hydrated) return null;
  return (
    <Suspense fallback={null}>
      <KitchenActions recipe={recipe} />
    </Suspense>
  );
}

export function Component() {
  return (
    <>
      <ViewRecipePage
        renderActions={(recipe) => <PlanThisRecipe recipe={recipe} />}
        renderReviews={(recipe) => (
          <ReviewsSection key={recipe._id} recipeId={recipe._id} authorId={recipe.author._id} />
        )}
      />
      <MoreLikeThis />
    </>
  );
}
