import { expect, type Locator, type Page } from '@playwright/test';
import { capture, recipeTitle, signUpByApi, test } from './support.js';

// Issue 16, items 1 and 2: a long unbroken word (a pasted URL) must wrap everywhere instead of widening the page,
// and ingredient and step rows must use the card's width, on a phone as on a desktop.

// No hyphen or space in it: nothing where a line may break.
const longUrl = `https://example.com/recipes?source=${'SmokyTomatoPastaWithBasil'.repeat(12)}`.slice(0, 300);
const longIngredient = '800 g small waxy potatoes, scrubbed and halved lengthways';

/**
 * The page must never scroll sideways: its content is no wider than the screen (the viewport as configured; a
 * phone browser widens its own layout viewport to fit content that overflows).
 */
async function expectNoSideScroll(page: Page): Promise<void> {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, 'the page scrolls sideways').toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
}

/** A field shows all of its text: nothing is cut at its right edge or hidden below it. */
async function expectAllTextShown(field: Locator): Promise<void> {
  const box = await field.evaluate((element) => ({
    scrollWidth: element.scrollWidth,
    clientWidth: element.clientWidth,
    scrollHeight: element.scrollHeight,
    clientHeight: element.clientHeight,
  }));
  expect(box.scrollWidth, 'text cut at the right').toBeLessThanOrEqual(box.clientWidth);
  expect(box.scrollHeight, 'text hidden below').toBeLessThanOrEqual(box.clientHeight + 1);
}

async function widthOf(locator: Locator): Promise<number> {
  return (await locator.boundingBox())?.width ?? 0;
}

test('a 300-character URL as a step wraps: the page never scrolls sideways and Publish can be clicked', async ({
  page,
}, testInfo) => {
  expect(longUrl).toHaveLength(300);
  await signUpByApi(page);
  await page.goto('/add-recipe');
  await expect(page.getByRole('heading', { level: 1, name: 'Share a recipe' })).toBeVisible();

  const title = recipeTitle('Long Link');
  await page.getByRole('textbox', { name: /^Title/ }).fill(title);
  await page.getByRole('textbox', { name: /^Introduction/ }).fill(`Found it here: ${longUrl}`);
  await page.getByRole('textbox', { name: /^Cooking time/ }).fill('25');
  await page.getByRole('textbox', { name: 'Ingredient 1', exact: true }).fill(longIngredient);
  await page.getByRole('button', { name: 'Add ingredient' }).click();
  await page.getByRole('textbox', { name: 'Ingredient 2', exact: true }).fill(longIngredient);
  const step = page.getByRole('textbox', { name: 'Step 1', exact: true });
  await step.fill(longUrl);

  await expectNoSideScroll(page);
  await expectAllTextShown(step);

  // Rows use the card's width: row 1 (which cannot be removed) keeps no empty column for a remove button, and a
  // removable row is as wide; an ingredient longer than a line wraps rather than being cut.
  const ingredients = page.getByRole('group', { name: /^Ingredients/ });
  const row1 = page.getByRole('textbox', { name: 'Ingredient 1', exact: true });
  const row2 = page.getByRole('textbox', { name: 'Ingredient 2', exact: true });
  const groupWidth = await widthOf(ingredients);
  expect((await widthOf(row1)) / groupWidth).toBeGreaterThan(0.85);
  expect(await widthOf(row2)).toBeCloseTo(await widthOf(row1), 0);
  await expectAllTextShown(row1);
  await expectAllTextShown(row2);
  await capture(page, testInfo, '16-long-text-form');

  const publish = page.getByRole('button', { name: 'Publish' });
  // A trial click fails when something else would take the tap (or the button is off screen and cannot scroll).
  await publish.click({ trial: true });
  await publish.click();
  await expect(page).toHaveURL(/\/view-recipe\/[0-9a-f-]+$/);
  const steps = page.getByRole('region', { name: 'Steps' });
  await expect(steps.getByRole('listitem')).toHaveText(`1${longUrl}`);
  await expectNoSideScroll(page);
  await capture(page, testInfo, '16-long-text-view');

  // The edit form shows the same long texts within the page.
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'Step 1', exact: true })).toHaveValue(longUrl);
  await expectNoSideScroll(page);
  await expectAllTextShown(page.getByRole('textbox', { name: 'Step 1', exact: true }));
  await capture(page, testInfo, '16-long-text-edit');
});
