import { expect } from '@playwright/test';
import {
  API,
  capture,
  expectLoggedIn,
  isSavedByApi,
  recipeByAnotherCook,
  signUpByApi,
  submitLogin,
  test,
} from './support.js';

test("a visitor's Save logs in, comes back to the recipe and saves it; Back shows no log-in form", async ({
  page,
  request,
}, testInfo) => {
  const recipe = await recipeByAnotherCook(request, 'Login Save');
  // The cook exists, but this browser is not logged in.
  const cook = await signUpByApi(page, { name: `Sam Saver ${testInfo.project.name}` });
  await page.request.post(`${API}/users/logout`);

  await page.goto(`/view-recipe/${recipe._id}`);
  await expect(page.getByRole('heading', { level: 1, name: recipe.title })).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(
    new RegExp(`/login\\?next=${encodeURIComponent(`/view-recipe/${recipe._id}`)}&action=save$`),
  );
  await expect(page.getByText('Log in to save this recipe. You will be right back on it.')).toBeVisible();
  await capture(page, testInfo, '12-login-from-save');

  await submitLogin(page, cook.email, cook.password);
  await expect(page).toHaveURL(new RegExp(`/view-recipe/${recipe._id}$`));
  const saved = page.getByRole('button', { name: 'Saved', exact: true });
  await expect(saved).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => isSavedByApi(page, recipe._id)).toBe(true);
  await expectLoggedIn(page, testInfo, cook.name);
  await capture(page, testInfo, '12-back-on-recipe-saved');

  // The log-in screen's entry was replaced: Back goes to the recipe as it was before, never to the form.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/view-recipe/${recipe._id}$`));
  await expect(page.getByRole('heading', { level: 1, name: recipe.title })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toHaveCount(0);
  await expect(saved).toBeVisible();
  // Forward again does not save twice or flip it back.
  await page.goForward();
  await expect(saved).toBeVisible();
  await expect.poll(() => isSavedByApi(page, recipe._id)).toBe(true);

  // Logged in, /login itself sends the cook on: no form for someone logged in.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toHaveCount(0);
});

test("a visitor's 'Log in' to review comes back to the recipe's reviews with the form", async ({
  page,
  request,
}, testInfo) => {
  const recipe = await recipeByAnotherCook(request, 'Login Review');
  const cook = await signUpByApi(page, { name: `Rita Reviewer ${testInfo.project.name}` });
  await page.request.post(`${API}/users/logout`);

  // Not having reviewed the recipe yet is the usual state: nothing of ours is logged as an error (item 15).
  const logged: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('[api]')) logged.push(`${message.type()}: ${message.text()}`);
  });
  await page.goto(`/view-recipe/${recipe._id}`);
  const reviews = page.getByRole('region', { name: 'Reviews' });
  await reviews.getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/login\?next=.*&action=review$/);
  await submitLogin(page, cook.email, cook.password);

  await expect(page).toHaveURL(new RegExp(`/view-recipe/${recipe._id}$`));
  await expect(reviews.getByRole('heading', { name: 'Write a review' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Reviews' })).toBeFocused();
  // In view, below the sticky header.
  const headerBottom = await page.getByRole('banner').evaluate((header) => header.getBoundingClientRect().bottom);
  const headingTop = await page
    .getByRole('heading', { level: 2, name: 'Reviews' })
    .evaluate((heading) => heading.getBoundingClientRect().top);
  expect(headingTop).toBeGreaterThanOrEqual(headerBottom);
  await capture(page, testInfo, '12-back-on-reviews');
  expect(logged).toEqual([]);
});
