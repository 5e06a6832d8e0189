import { ViewRecipePage } from '@/features/recipes/view-recipe-page';
import { ReviewsSection } from '@/features/reviews/reviews-section';

export function Component() {
  return (
    <ViewRecipePage
      renderReviews={(recipe) => <ReviewsSection key={recipe._id} recipeId={recipe._id} authorId={recipe.author._id} />}
    />
  );
}
