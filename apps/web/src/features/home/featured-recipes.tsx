import { RecipeGrid } from '@/components/recipe-grid';
import { FEATURED_COUNT, useGetRandomRecipesQuery } from './home-api';

export function FeaturedRecipes() {
  const featured = useGetRandomRecipesQuery(FEATURED_COUNT);
  return (
    <RecipeGrid
      recipes={featured.data?.recipes}
      loading={featured.isLoading}
      failed={featured.isError}
      skeletonCount={FEATURED_COUNT}
      eagerCount={0}
      label="Featured recipes"
    />
  );
}
