import { expect } from '@playwright/test';
import { capture, closeMenu, isPhone, searchBox, test } from './support.js';

test('search: a keyboard suggestion, a clicked suggestion, a typed search and a nonsense one', async ({
  page,
}, testInfo) => {
  await page.goto('/recipes');
  await expect(page.getByRole('heading', { level: 1, name: 'All Recipes' })).toBeVisible();

  // Keyboard: type, Down highlights the first suggestion, Enter fills the input and does not submit.
  let box = await searchBox(page, testInfo);
  await expect(box).toHaveAttribute('placeholder', 'Find a recipe');
  await box.pressSequentially('chick');
  const listbox = page.getByRole('listbox', { name: 'Suggested recipes' });
  const options = listbox.getByRole('option');
  await expect(options.first()).toBeVisible();
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  const count = await options.count();
  expect(count).toBeGreaterThan(1);
  for (const option of await options.allTextContents()) expect(option.toLowerCase()).toContain('chick');
  await capture(page, testInfo, '02-search-suggestions');

  await box.press('ArrowDown');
  await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await options.nth(0).getAttribute('id')) ?? '');
  await box.press('ArrowDown');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await box.press('ArrowUp');
  await box.press('ArrowUp');
  // Up from the first wraps to the last.
  await expect(options.nth(count - 1)).toHaveAttribute('aria-selected', 'true');
  await box.press('ArrowDown');
  await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
  const chosen = (await options.nth(0).textContent()) ?? '';
  await box.press('Enter');
  await expect(box).toHaveValue(chosen);
  await expect(listbox).toBeHidden();
  await expect(page).toHaveURL(/\/recipes$/);
  // Submitting now opens the chosen recipe.
  await page.getByRole('search', { name: 'Recipes' }).getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/view-recipe\/[0-9a-f-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: chosen })).toBeVisible();
  if (isPhone(testInfo)) await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();

  // Mouse / touch: choosing a suggestion opens its recipe.
  box = await searchBox(page, testInfo);
  await box.fill('');
  await box.pressSequentially('soup');
  const soup = options.filter({ hasText: /soup/i }).first();
  await expect(soup).toBeVisible();
  const soupTitle = (await soup.textContent()) ?? '';
  await soup.click();
  await expect(page).toHaveURL(/\/view-recipe\/[0-9a-f-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: soupTitle })).toBeVisible();
  await capture(page, testInfo, '02-search-chosen-recipe');

  // Typos are forgiven (the features page promises it).
  box = await searchBox(page, testInfo);
  await box.fill('');
  await box.pressSequentially('carbonarra');
  await expect(options.filter({ hasText: 'Spaghetti Carbonara' })).toBeVisible();
  if (isPhone(testInfo)) await closeMenu(page);

  // Typed submit: the searched-recipes page.
  box = await searchBox(page, testInfo);
  await box.fill('chicken');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/searched-recipes\?query=chicken$/);
  await expect(page.getByText('Search Results')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Recipes matching “chicken”' })).toBeVisible();
  const results = page.getByRole('list', { name: 'Search results' }).getByRole('listitem');
  await expect(results.first()).toBeVisible();
  // Ranked full-text search: the recipes named after chicken come first (others may mention it further down).
  const titles = (await results.getByRole('heading').allTextContents()).map((title) => title.toLowerCase());
  expect(titles[0]).toContain('chicken');
  expect(titles).toContain('butter chicken');
  await capture(page, testInfo, '02-searched-recipes');

  // Nonsense: the dropdown says so, and a submitted search finds nothing.
  box = await searchBox(page, testInfo);
  await box.fill('');
  await box.pressSequentially('qwxzjvbk');
  await expect(page.getByRole('search', { name: 'Recipes' }).getByRole('status')).toHaveText('No match found !');
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await capture(page, testInfo, '02-search-no-match');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/searched-recipes\?query=qwxzjvbk$/);
  await expect(page.getByText('No recipes found')).toBeVisible();
  await capture(page, testInfo, '02-searched-recipes-none');

  // Blank input clears the suggestions.
  box = await searchBox(page, testInfo);
  await box.fill('');
  await box.pressSequentially('chick');
  await expect(options.first()).toBeVisible();
  await box.fill('   ');
  await expect(listbox).toBeHidden();
  await expect(page.getByRole('search', { name: 'Recipes' }).getByRole('status')).toBeHidden();
  await expect(box).toHaveAttribute('aria-expanded', 'false');
});
