import { expect, test, type Page } from '@playwright/test';
import { demoRecipes, isPhone, logInAsDemo, screenshot } from './support.js';

/*
 * /recipes and /view-recipe/{id} come from the server already drawn, as a visitor sees them, and React adopts that
 * markup in the browser (docs/decisions/014). A mismatch between the two drawings makes React throw the markup away
 * and report an error, so both are watched.
 */

/**
 * The page's uncaught exceptions (React reports a failed adoption as one) and console errors; counts the main
 * heading leaving the document, and notes whether the server's drawing was on screen when the document was read.
 */
async function watch(page: Page): Promise<{ exceptions: string[]; errors: string[] }> {
  const watched = { exceptions: [] as string[], errors: [] as string[] };
  page.on('pageerror', (error) => watched.exceptions.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') watched.errors.push(message.text());
  });
  await page.addInitScript(() => {
    const state = window as unknown as { removedHeadings: number };
    state.removedHeadings = 0;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of Array.from(record.removedNodes)) {
          if (node instanceof Element && (node.matches('h1') || node.querySelector('h1'))) state.removedHeadings++;
        }
      }
    }).observe(document, { childList: true, subtree: true });
    // Whether the server's drawing was shown, read before the app's first render can replace it.
    document.addEventListener('DOMContentLoaded', () => {
      const shell = document.getElementById('page-shell');
      (window as unknown as { shellDisplay: string }).shellDisplay = shell ? getComputedStyle(shell).display : 'absent';
    });
  });
  return watched;
}

const removedHeadings = (page: Page) =>
  page.evaluate(() => (window as unknown as { removedHeadings: number }).removedHeadings);
const shellDisplay = (page: Page) => page.evaluate(() => (window as unknown as { shellDisplay?: string }).shellDisplay);

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the recipe list and a recipe are in the HTML itself', async ({ page }, testInfo) => {
    await page.goto('/recipes');
    await expect(page).toHaveTitle('All Recipes · Forkful');
    await expect(page.getByRole('heading', { level: 1, name: 'All Recipes' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Recipes, page 1' }).getByRole('listitem')).toHaveCount(12);
    await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();
    // (Not `capture`: it waits for the page through JavaScript.)
    await screenshot(page, testInfo, '13-recipes-server-drawn');

    const recipe = (await demoRecipes(page))[isPhone(testInfo) ? 3 : 2]!;
    await page.goto(`/view-recipe/${recipe._id}`);
    await expect(page.getByRole('heading', { level: 1, name: recipe.title })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Ingredients' })).toBeVisible();
    // The server does not know the reader's time zone, so it says which one it used.
    await expect(page.getByText(/^Created on \d{1,2} \w+ \d{4} at \d{2}:\d{2} UTC$/)).toBeVisible();
    await screenshot(page, testInfo, '13-view-recipe-server-drawn');
  });
});

test('a visitor: React adopts the drawn pages, nothing is redrawn, no error, and they work', async ({
  page,
}, testInfo) => {
  const { exceptions, errors } = await watch(page);
  await page.goto('/recipes');
  await expect(page.getByRole('list', { name: 'Recipes, page 1' }).getByRole('listitem')).toHaveCount(12);
  // The pager answers: the app is running on the adopted markup.
  await page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/\/recipes\?page=2$/);
  expect(await shellDisplay(page)).toBe('block');
  await expect(page.getByRole('list', { name: 'Recipes, page 2' })).toBeVisible();
  expect(await removedHeadings(page)).toBe(0);

  const recipe = (await demoRecipes(page))[isPhone(testInfo) ? 5 : 4]!;
  await page.goto(`/view-recipe/${recipe._id}`);
  await expect(page.getByRole('heading', { level: 1, name: recipe.title })).toBeVisible();
  // Once adopted, the time is the reader's own.
  await expect(page.getByText(/^Created on \d{1,2} \w+ \d{4} at \d{2}:\d{2}$/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Reviews' })).toBeVisible();
  expect(await removedHeadings(page)).toBe(0);
  expect(exceptions).toEqual([]);
  expect(errors).toEqual([]);
});

test('a signed-in cook never sees the visitor drawing: the app draws their own page', async ({ page }, testInfo) => {
  await logInAsDemo(page);
  const { exceptions } = await watch(page);
  const recipe = (await demoRecipes(page))[isPhone(testInfo) ? 7 : 6]!;
  await page.goto(`/view-recipe/${recipe._id}`);
  await expect(page.getByRole('heading', { level: 1, name: recipe.title })).toBeVisible();
  expect(await shellDisplay(page)).toBe('none');
  // (The console has the API's 'Review not found' for a cook who has not reviewed the recipe: spec section 9.)
  expect(exceptions).toEqual([]);
});
