import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createServices } from '../../services/container.js';
import { pageAnswerFor } from '../../spa/page-data.js';
import { createRecipe, defaultRecipe, expectError, expectOk, postRecipe } from '../../test/fixtures.js';
import { recipeAuthorForFile } from '../../test/recipe-author.js';

// Issue 17: servings, yieldText and ingredientDetails beside the spec's fields.

const file = recipeAuthorForFile();
const { view, edit } = file;

describe('servings and yield', () => {
  it('are taken by the multipart create and shown by the view', async () => {
    const id = await createRecipe(file.ctx.app, file.author.jar, { servings: '4', yieldText: '24 cookies' });
    expect(await view(id)).toMatchObject({ servings: 4, yieldText: '24 cookies' });
  });

  it('are null when not sent, or sent empty', async () => {
    const id = await createRecipe(file.ctx.app, file.author.jar);
    expect(await view(id)).toMatchObject({ servings: null, yieldText: null });
    const empty = await createRecipe(file.ctx.app, file.author.jar, { servings: '', yieldText: '  ' });
    expect(await view(empty)).toMatchObject({ servings: null, yieldText: null });
  });

  it('are changed by the edit call, kept when it leaves them out, and cleared by null', async () => {
    const id = await createRecipe(file.ctx.app, file.author.jar, { servings: '2' });
    expect(expectOk(await edit(id, { servings: 6, yieldText: 'one loaf' }))).toMatchObject({
      servings: 6,
      yieldText: 'one loaf',
    });
    expect(expectOk(await edit(id, { title: 'Kept Servings' }))).toMatchObject({ servings: 6, yieldText: 'one loaf' });
    expect(expectOk(await edit(id, { servings: null, yieldText: null }))).toMatchObject({
      servings: null,
      yieldText: null,
    });
  });

  it('refuses servings outside 1-100 or not whole, and a long yield, with 400 and no change', async () => {
    const id = await createRecipe(file.ctx.app, file.author.jar, { servings: '3' });
    for (const servings of [0, 101, 2.5, '2.5', 'four', -1, true]) {
      expectError(await edit(id, { servings }), 400, 'Servings must be a whole number from 1 to 100');
    }
    expectError(await edit(id, { yieldText: 'y'.repeat(101) }), 400, 'Yield should be at most 100 characters');
    expectError(
      await postRecipe(file.ctx.app, file.author.jar, { ...defaultRecipe, servings: '0' }),
      400,
      'Servings must be a whole number from 1 to 100',
    );
    expect(await view(id)).toMatchObject({ servings: 3, title: 'Tomato Soup' });
  });
});

describe('ingredientDetails', () => {
  it('reads each line of a new recipe, stored with it, beside the lines as written', async () => {
    const ingredients = ['For the soup:', '1 1/2 cups stock', '2 (14-ounce) cans tomatoes', 'salt to taste'];
    const id = await createRecipe(file.ctx.app, file.author.jar, { ingredients });
    const recipe = await view(id);
    expect(recipe.ingredients).toEqual(ingredients);
    expect(recipe.ingredientDetails.map((d: { text: string }) => d.text)).toEqual(ingredients);
    expect(recipe.ingredientDetails).toMatchObject([
      { isHeading: true, quantity: null },
      { quantity: 1.5, unit: 'cup', food: 'stock' },
      { quantity: 2, unit: 'can', food: 'tomatoes' },
      { quantity: null, unit: null, food: 'salt', note: 'to taste' },
    ]);
    const stored = await file.ctx.database.db.execute<{ details: unknown[] }>(
      sql`SELECT ingredient_details AS details FROM recipes WHERE id = ${id}`,
    );
    expect(stored.rows[0]?.details).toEqual(recipe.ingredientDetails);
  });

  it('follow an edit of the lines', async () => {
    const id = await createRecipe(file.ctx.app, file.author.jar);
    const edited = expectOk(await edit(id, { ingredients: ['3 eggs', '200 g sugar'] }));
    expect(edited.ingredientDetails).toMatchObject([
      { text: '3 eggs', quantity: 3, unit: null },
      { text: '200 g sugar', quantity: 200, unit: 'g' },
    ]);
    expect((await view(id)).ingredientDetails).toEqual(edited.ingredientDetails);
  });

  it('are parsed on read for a row whose details are not stored yet', async () => {
    const id = await createRecipe(file.ctx.app, file.author.jar, { ingredients: ['2 tbsp olive oil'] });
    await file.ctx.database.db.execute(sql`UPDATE recipes SET ingredient_details = NULL WHERE id = ${id}`);
    expect((await view(id)).ingredientDetails).toMatchObject([{ quantity: 2, unit: 'tbsp', food: 'olive oil' }]);
  });

  it('are in the answer the drawn recipe page carries inline', async () => {
    const id = await createRecipe(file.ctx.app, file.author.jar, { ingredients: ['1 kg potatoes'], servings: '5' });
    const services = createServices(file.ctx.config, file.ctx.database.db);
    const answer = await pageAnswerFor(new URL(`http://forkful.test/view-recipe/${id}`), services);
    const data = JSON.parse(answer?.json ?? '{}').data;
    expect(data).toMatchObject({ servings: 5, ingredientDetails: [{ quantity: 1, unit: 'kg', food: 'potatoes' }] });
  });
});
