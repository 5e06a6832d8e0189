import type { RecipeView } from '@forkful/contracts';
import { AddToMealPlan } from '@/features/meal-planner/add-to-meal-plan';
import { AddToShoppingList } from '@/features/shopping-list/add-to-shopping-list';

/**
 * A logged-in cook's actions beside Save on a recipe page: 'Add to meal plan' and 'Add to shopping list'. One module,
 * so the recipe page loads both as one lazy chunk after it is drawn (view-recipe-route.tsx).
 */
export default function KitchenActions({ recipe }: { recipe: RecipeView }) {
  return (
    <>
      <AddToMealPlan recipe={recipe} />
      <AddToShoppingList recipe={recipe} />
    </>
  );
}
