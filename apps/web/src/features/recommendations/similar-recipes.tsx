import { RecipeCard } from '@/components/recipe-card';
import { gridClasses } from '@/components/recipe-grid';
import { SIMILAR_COUNT, useGetSimilarQuery } from './recommendations-api';

/**
 * 'More like this' under a recipe, for everyone (loaded lazily by the recipe page's route). A recipe with nothing
 * related yet, a draft, or a failure shows no section at all: it is an extra, not the page.
 */
export default function SimilarRecipes({ recipeId }: { recipeId: string }) {
  const similar = useGetSimilarQuery({ id: recipeId, limit: SIMILAR_COUNT });
  const recipes = similar.data?.recipes ?? [];
  if (recipes.length === 0) return null;
  return (
    <section aria-labelledby="more-like-this" className="container-page pb-14 sm:pb-20">
      <h2 id="more-like-this" className="text-2xl font-bold sm:text-3xl">
        More like this
      </h2>
      <ul className={`mt-6 ${gridClasses}`} aria-label="More like this">
        {recipes.map((recipe) => (
          <li key={recipe._id}>
            <RecipeCard recipe={recipe} />
          </li>
        ))}
      </ul>
    </section>
  );
}
