import type { RecipeList, RecipeView } from '@forkful/contracts';
import type { Services } from '../../services/container.js';

type Readers = Pick<Services, 'recipes' | 'map'>;

/*
 * The work of the two reads a page starts with, shared by their routes and by the HTML that carries a page's
 * first answer inline (src/spa, docs/decisions/011), so both answer with the same data.
 */

/** GET /recipes/all: a page of published recipes, the same whoever asks. */
export async function publishedRecipePage(services: Readers, page: number, limit: number): Promise<RecipeList> {
  const { rows, total } = await services.recipes.listPublished(page, limit);
  return {
    recipes: rows.map((row) => services.map.recipeCard(row)),
    curPageNum: page,
    totalRecipeCount: total,
    totalPages: Math.max(1, Math.ceil(total / limit)),
  };
}

/** GET /recipes/{id}/view-recipe: a published recipe, or a draft for its author (404 for anyone else). */
export async function visibleRecipe(services: Readers, id: string, viewerId: string | null): Promise<RecipeView> {
  return services.map.recipe(await services.recipes.findVisible(id, viewerId));
}
