import { expect } from '@playwright/test';
import { capture, recipeByAnotherCook, searchBox, test } from './support.js';

test("a recipe card's keyboard focus rings the whole card, as focus does everywhere on the site", async ({
  page,
}, testInfo) => {
  await page.goto('/recipes');
  const grid = page.getByRole('list', { name: 'Recipes, page 1' });
  await expect(grid).toBeVisible();
  const card = grid.getByRole('article').first();
  const link = card.getByRole('link').first();
  // A key press first, so the browser treats the focus that follows as keyboard focus (:focus-visible).
  await page.keyboard.press('Shift');
  await link.focus();
  await expect(link).toBeFocused();
  const ring = await card.evaluate((element) => {
    const style = getComputedStyle(element);
    return { style: style.outlineStyle, width: style.outlineWidth, color: style.outlineColor };
  });
  // The site's ring (index.css :focus-visible): 3 px of brand-500.
  expect(ring).toEqual({ style: 'solid', width: '3px', color: 'rgb(224, 99, 43)' });
  await capture(page, testInfo, '16-card-focus');
});

test('a chosen suggestion is dropped when a script changes the text without a key: Search searches the new text', async ({
  page,
  request,
}, testInfo) => {
  const recipe = await recipeByAnotherCook(request, 'Chosen Then Changed');
  await page.goto('/recipes');
  await expect(page.getByRole('heading', { level: 1, name: 'All Recipes' })).toBeVisible();
  const box = await searchBox(page, testInfo);
  await box.pressSequentially(recipe.title);
  const option = page.getByRole('listbox', { name: 'Suggested recipes' }).getByRole('option', { name: recipe.title });
  await expect(option).toBeVisible();
  await box.press('ArrowDown');
  await box.press('Enter');
  await expect(box).toHaveValue(recipe.title);

  // What a password manager or an extension does: set the value, then fire `input`; no key is pressed.
  await box.evaluate((input: HTMLInputElement) => {
    input.value = 'tomato soup';
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await page.getByRole('search', { name: 'Recipes' }).getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/searched-recipes\?query=tomato%20soup$/);
});
