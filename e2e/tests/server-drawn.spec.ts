import { expect } from '@playwright/test';
import {
  recipeByAnotherCook,
  removedHeadings,
  screenshot,
  serverDrawingDisplay,
  signUpByApi,
  watchAdoption,
  test,
} from './support.js';

/*
 * /recipes and /view-recipe/{id} come from the server already drawn, as a visitor sees them, and React adopts that
 * markup in the browser (docs/decisions/014). A mismatch between the two drawings makes React throw the markup away
 * and report an error, so both are watched.
 */

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the recipe list and a recipe are in the HTML itself', async ({ page, request }, testInfo) => {
    await page.goto('/recipes');
    await expect(page).toHaveTitle('All Recipes · Forkful');
    await expect(page.getByRole('heading', { level: 1, name: 'All Recipes' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Recipes, page 1' }).getByRole('listitem')).toHaveCount(12);
    await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();
    // (Not `capture`: it waits for the page through JavaScript.)
    await screenshot(page, testInfo, '13-recipes-server-drawn');

    const recipe = await recipeByAnotherCook(request, 'Drawn Recipe');
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
  request,
}) => {
  const recipe = await recipeByAnotherCook(request, 'Adopted Recipe', { reviews: 1 });
  const { exceptions, errors } = await watchAdoption(page);
  await page.goto('/recipes');
  await expect(page.getByRole('list', { name: 'Recipes, page 1' }).getByRole('listitem')).toHaveCount(12);
  // The pager answers: the app is running on the adopted markup.
  await page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/\/recipes\?page=2$/);
  expect(await serverDrawingDisplay(page)).toBe('block');
  await expect(page.getByRole('list', { name: 'Recipes, page 2' })).toBeVisible();
  expect(await removedHeadings(page)).toBe(0);

  const reviewRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/reviews/view-all/')) reviewRequests.push(request.url());
  });
  await page.goto(`/view-recipe/${recipe._id}`);
  await expect(page.getByRole('heading', { level: 1, name: recipe.title })).toBeVisible();
  // Once adopted, the time is the reader's own.
  await expect(page.getByText(/^Created on \d{1,2} \w+ \d{4} at \d{2}:\d{2}$/)).toBeVisible();
  const reviews = page.getByRole('region', { name: 'Reviews' });
  await expect(reviews).toBeVisible();
  await expect(reviews.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(reviews.getByRole('listitem').first()).toBeVisible();
  // The first page of reviews was asked for once, at start-up together with the recipe (router.tsx), and the
  // adopted page used that answer instead of asking again.
  expect(reviewRequests).toEqual([expect.stringMatching(/\/api\/v1\/reviews\/view-all\/[^?]+\?page=1$/)]);
  expect(await removedHeadings(page)).toBe(0);
  expect(exceptions).toEqual([]);
  expect(errors).toEqual([]);
});

test('the stylesheet comes inline, once: lazy chunks loaded after the first paint do not fetch it again', async ({
  page,
  request,
}) => {
  // The page's HTML carries the whole stylesheet in a <style> element; Vite lists the same file among the dependencies
  // of every lazy chunk, and would add it as a <link> (one more download and a restyle of the whole page, a long task
  // on a phone) when the converter and 'More like this' load after the first paint, unless it finds it already there.
  const recipe = await recipeByAnotherCook(request, 'Styled Once');
  const stylesheets: string[] = [];
  page.on('request', (sent) => {
    if (sent.resourceType() === 'stylesheet' || new URL(sent.url()).pathname.endsWith('.css'))
      stylesheets.push(sent.url());
  });
  // The converter (scaling/presenter.ts) is a lazy chunk the page fetches right after its first paint.
  const converter = page.waitForResponse((answer) => /\/assets\/presenter-[^/]+\.js$/.test(answer.url()));
  await page.goto(`/view-recipe/${recipe._id}`);
  await expect(page.getByRole('heading', { level: 1, name: recipe.title })).toBeVisible();
  await converter;
  await page.waitForLoadState('networkidle');
  expect(await page.locator('head style').count()).toBeGreaterThan(0);
  expect(stylesheets).toEqual([]);
});

test('a signed-in cook never sees the visitor drawing: the app draws their own page', async ({ page, request }) => {
  await signUpByApi(page);
  const { exceptions } = await watchAdoption(page);
  const recipe = await recipeByAnotherCook(request, 'Own Drawing');
  await page.goto(`/view-recipe/${recipe._id}`);
  await expect(page.getByRole('heading', { level: 1, name: recipe.title })).toBeVisible();
  expect(await serverDrawingDisplay(page)).toBe('none');
  // (The console has the API's 'Review not found' for a cook who has not reviewed the recipe: spec section 9.)
  expect(exceptions).toEqual([]);
});

test("the app's scripts load once the drawn page's photo is in, and then adopt it", async ({
  page,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the order of requests does not depend on the width');
  // docs/decisions/030: the scripts sit in a template that the start-up script puts into the page after the main photo
  // has been painted, so on a slow line the photo does not share the bandwidth with the JavaScript.
  const recipe = await recipeByAnotherCook(request, 'Photo First');
  const events: string[] = [];
  page.on('request', (sent) => {
    if (sent.resourceType() === 'script') events.push('script');
  });
  page.on('requestfinished', (done) => {
    if (/\/uploads\/recipe-[^/]+\.webp$/.test(done.url())) events.push('photo');
  });
  const { exceptions, errors } = await watchAdoption(page);
  await page.goto(`/view-recipe/${recipe._id}`);
  // Adopted: the time is the reader's own, which only the running app knows.
  await expect(page.getByText(/^Created on \d{1,2} \w+ \d{4} at \d{2}:\d{2}$/)).toBeVisible();
  expect(events[0]).toBe('photo');
  expect(events).toContain('script');
  expect(await removedHeadings(page)).toBe(0);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/login/);
  expect(exceptions).toEqual([]);
  expect(errors).toEqual([]);
});

test('a photo that never comes does not keep the app from starting, for a visitor or a cook', async ({
  page,
  request,
}) => {
  const recipe = await recipeByAnotherCook(request, 'Photo Held');
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/uploads\/recipe-[^/]+\.webp$/, async (route) => {
    await held;
    await route.continue().catch(() => {});
  });
  try {
    await page.goto(`/view-recipe/${recipe._id}`, { waitUntil: 'domcontentloaded' });
    await expect(page.getByText(/^Created on \d{1,2} \w+ \d{4} at \d{2}:\d{2}$/)).toBeVisible();
    // A cook's page is the app's own drawing (the visitor's is hidden, photo included): it does not wait for it.
    await signUpByApi(page);
    await page.goto(`/view-recipe/${recipe._id}`, { waitUntil: 'domcontentloaded' });
    await expect(page.getByRole('button', { name: 'Add to meal plan' })).toBeVisible();
  } finally {
    release();
  }
});
