import { expect, type Locator, type Page } from '@playwright/test';
import {
  capture,
  createRecipeByApi,
  isPhone,
  makePng,
  recipeTitle,
  screenshot,
  setServingsByApi,
  signUpByApi,
  test,
} from './support.js';

// Issue 17 on the recipe page: scale to 8 servings, switch to metric, print, and cook from it with the keyboard.

const ingredientsAsWritten = ['1 1/2 cups flour', '2 tbsp butter', '1 cup milk', 'salt to taste'];

async function makeRecipe(page: Page): Promise<string> {
  await signUpByApi(page);
  const id = await createRecipeByApi(page, {
    title: recipeTitle('Pancakes'),
    introduction: 'Thin pancakes for a slow Sunday.',
    ingredients: ['For the batter:', ...ingredientsAsWritten],
    steps: [
      'Heat the oven to 350°F and butter a tray.',
      'Whisk the flour, melted butter, milk and salt into a smooth batter.',
      'To finish:',
      'Bake for 25 minutes, until golden.',
    ],
    photo: await makePng('#c2410c'),
  });
  await setServingsByApi(page, id, 4, '12 small pancakes');
  return id;
}

const lines = (ingredients: Locator) => ingredients.getByRole('listitem');

test('scale to 8 servings, switch to metric, print, and walk cook mode with the keyboard', async ({
  page,
  request,
}, testInfo) => {
  // The server draws the page with the servings of its address; the browser must adopt it without a mismatch.
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  const id = await makeRecipe(page);
  await page.goto(`/view-recipe/${id}`);
  const ingredients = page.getByRole('region', { name: 'Ingredients' });
  await expect(ingredients.getByRole('heading', { name: 'For the batter' })).toBeVisible();
  await expect(lines(ingredients)).toHaveText(ingredientsAsWritten);
  await capture(page, testInfo, '17-recipe-as-written');

  // Scale: the stepper, one serving at a time, up to 8.
  const servings = ingredients.getByRole('group', { name: 'Servings' });
  await expect(servings.getByRole('status')).toHaveText('4 servings');
  for (let i = 0; i < 4; i++) await servings.getByRole('button', { name: 'More servings' }).click();
  await expect(servings.getByRole('status')).toHaveText('8 servings');
  await expect(lines(ingredients)).toHaveText(['3 cups flour', '4 tbsp butter', '2 cups milk', 'salt to taste']);
  await expect(page).toHaveURL(new RegExp(`/view-recipe/${id}\\?servings=8$`));
  // The page the server draws for that address is already scaled (a shared link, a reload before the app starts).
  // React separates neighbouring texts with empty comments.
  const drawn = (await (await request.get(`/view-recipe/${id}?servings=8`)).text()).replaceAll('<!-- -->', '');
  expect(drawn).toContain('3 cups flour');
  expect(drawn).toContain('8 servings');

  // Metric: cups of flour become grams (known density), milk millilitres, spoons stay spoons, °F becomes °C.
  // The radio itself is visually hidden inside its label, which is what a reader clicks.
  await ingredients.locator('label', { hasText: 'Metric' }).click();
  await expect(ingredients.getByRole('radio', { name: 'Metric' })).toBeChecked();
  await expect(lines(ingredients)).toHaveText(['375 g flour', '4 tbsp butter', '470 ml milk', 'salt to taste']);
  const steps = page.getByRole('region', { name: 'Steps' });
  await expect(steps.getByRole('listitem').first()).toHaveText('1Heat the oven to 180°C and butter a tray.');

  // A reload keeps both: the servings from the address, the units from this browser.
  await page.reload();
  await expect(lines(ingredients)).toHaveText(['375 g flour', '4 tbsp butter', '470 ml milk', 'salt to taste']);
  await expect(ingredients.getByRole('radio', { name: 'Metric' })).toBeChecked();
  await capture(page, testInfo, '17-scaled-metric');

  // Print: the recipe alone, with the servings chosen, on one page.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('contentinfo')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Cook mode' })).toBeHidden();
  await expect(page.getByRole('region', { name: 'Reviews' })).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toBeHidden();
  await expect(page.locator('dt', { hasText: 'Servings' })).toBeVisible();
  await expect(page.locator('dt', { hasText: 'Servings' }).locator('+ dd')).toHaveText('8');
  await expect(lines(ingredients).first()).toHaveText('375 g flour');
  await screenshot(page, testInfo, '17-print-preview');
  if (!isPhone(testInfo)) {
    const pdf = (await page.pdf({ format: 'A4' })).toString('latin1');
    expect(pdf.match(/\/Type\s*\/Page[^s]/g) ?? []).toHaveLength(1);
  }
  await page.emulateMedia({ media: 'screen' });

  // Cook mode, by keyboard only.
  await page.getByRole('button', { name: 'Cook mode' }).focus();
  await page.keyboard.press('Enter');
  const cook = page.getByRole('dialog');
  await expect(cook.getByRole('heading', { name: 'Step 1 of 3' })).toBeVisible();
  await expect(cook.getByText('Cook mode · 8 servings')).toBeVisible();
  await expect(cook.getByText('Heat the oven to 180°C and butter a tray.')).toBeVisible();
  // The screen stays on, or the page says it cannot.
  await expect(cook.getByRole('status').filter({ hasText: /screen/ })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(cook.getByRole('heading', { name: 'Step 2 of 3' })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(cook.getByRole('heading', { name: 'Step 3 of 3 · To finish' })).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(cook.getByRole('heading', { name: 'Step 2 of 3' })).toBeVisible();
  await expect(page).toHaveURL(/\?servings=8&cook=2$/);

  // Tick an ingredient from the keyboard.
  const flour = cook.getByRole('checkbox', { name: '375 g flour' });
  await flour.focus();
  await page.keyboard.press('Space');
  await expect(flour).toBeChecked();
  await expect(cook.getByText('1 of 4 ticked')).toBeVisible();

  if (isPhone(testInfo)) {
    // A sideways swipe on the step turns the page.
    const box = await cook.getByRole('heading', { name: 'Step 2 of 3' }).boundingBox();
    if (!box) throw new Error('no step heading');
    await page.mouse.move(box.x + 250, box.y + 60);
    await page.mouse.down();
    await page.mouse.move(box.x + 40, box.y + 70, { steps: 5 });
    await page.mouse.up();
    await expect(cook.getByRole('heading', { name: 'Step 3 of 3 · To finish' })).toBeVisible();
    await page.keyboard.press('ArrowLeft');
  }

  // A reload in the middle of cooking comes back to the same step, ticks kept.
  await page.reload();
  await expect(cook.getByRole('heading', { name: 'Step 2 of 3' })).toBeVisible();
  await expect(cook.getByRole('checkbox', { name: '375 g flour' })).toBeChecked();
  await capture(page, testInfo, '17-cook-mode');

  await page.keyboard.press('Escape');
  await expect(cook).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/view-recipe/${id}\\?servings=8$`));
  await expect(page.getByRole('button', { name: 'Cook mode' })).toBeFocused();
  expect(consoleErrors).toEqual([]);
});

test('a recipe without a servings count scales by a factor', async ({ page }, testInfo) => {
  await signUpByApi(page);
  const id = await createRecipeByApi(page, {
    title: recipeTitle('Dressing'),
    ingredients: ['3 tbsp olive oil', '1 tbsp vinegar', '2 to 3 cloves garlic', 'pepper to taste'],
    steps: ['Shake everything in a jar.'],
  });
  await page.goto(`/view-recipe/${id}`);
  const ingredients = page.getByRole('region', { name: 'Ingredients' });
  const scale = ingredients.getByRole('group', { name: 'Scale' });
  await scale.getByRole('button', { name: /^×3/ }).click();
  await expect(lines(ingredients)).toHaveText([
    '9 tbsp olive oil',
    '3 tbsp vinegar',
    '6–9 cloves garlic',
    'pepper to taste',
  ]);
  await expect(page).toHaveURL(/\?scale=3$/);
  await capture(page, testInfo, '17-factor');
});
