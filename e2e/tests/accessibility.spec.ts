import { expect } from '@playwright/test';
import {
  capture,
  createRecipeByApi,
  isPhone,
  makePng,
  openMenu,
  recipeByAnotherCook,
  recipeTitle,
  scrollIntoView,
  signUpByApi,
  test,
} from './support.js';

// Every screen of the app through axe-core (serious and critical violations fail), in both layouts.

test('axe: the screens a visitor sees', async ({ page, request }, testInfo) => {
  const recipe = await recipeByAnotherCook(request, 'Axe Visit', { reviews: 2 });
  await page.goto('/');
  await scrollIntoView(page.getByRole('region', { name: 'Featured recipes' }));
  await expect(page.getByRole('list', { name: 'Featured recipes' })).toBeVisible();
  await capture(page, testInfo, '10-home');

  await page.goto('/recipes');
  await expect(page.getByRole('list', { name: 'Recipes, page 1' })).toBeVisible();
  await capture(page, testInfo, '10-recipes');

  await page.goto(`/view-recipe/${recipe._id}`);
  await expect(page.getByRole('region', { name: 'Reviews' }).getByRole('article').first()).toBeVisible();
  await capture(page, testInfo, '10-view-recipe');

  await page.goto('/searched-recipes?query=rice');
  await expect(page.getByRole('list', { name: 'Search results' })).toBeVisible();
  await capture(page, testInfo, '10-searched-recipes');

  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
  await capture(page, testInfo, '10-login');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await capture(page, testInfo, '10-login-errors');

  await page.goto('/signup');
  await expect(page.getByRole('heading', { level: 1, name: 'Join Forkful' })).toBeVisible();
  await capture(page, testInfo, '10-signup');

  await page.goto('/features');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await capture(page, testInfo, '10-features');

  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await capture(page, testInfo, '10-about');

  await page.goto('/no/such/page');
  await expect(page.getByText('No route matches URL "/no/such/page"')).toBeVisible();
  await capture(page, testInfo, '10-not-found');

  // A page that needs login shows the log-in screen in its place.
  await page.goto('/add-recipe');
  await expect(page.getByRole('heading', { level: 1, name: 'Please log in' })).toBeVisible();
  await capture(page, testInfo, '10-login-required');

  if (isPhone(testInfo)) {
    await page.goto('/recipes');
    await openMenu(page);
    await capture(page, testInfo, '10-menu');
  }
});

test('axe: the screens a logged-in cook sees', async ({ page, request }, testInfo) => {
  const cook = await signUpByApi(page, { avatar: await makePng('#c2410c', 256, 256) });
  const recipeId = await createRecipeByApi(page, {
    title: recipeTitle('Axe Stew'),
    introduction: 'A hearty stew for checking contrast and labels.',
    ingredients: ['2 carrots', '1 onion', '500 g beef'],
    steps: ['Brown the beef.', 'Add the vegetables and simmer for two hours.'],
    photo: await makePng('#7c2d12'),
  });

  await page.goto('/add-recipe');
  await expect(page.getByRole('heading', { level: 1, name: 'Share a recipe' })).toBeVisible();
  await capture(page, testInfo, '10-add-recipe');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Recipe title is required')).toBeVisible();
  await capture(page, testInfo, '10-add-recipe-errors');

  await page.goto(`/view-recipe/${recipeId}`);
  await expect(page.getByText('Published — everyone can see this recipe')).toBeVisible();
  await capture(page, testInfo, '10-view-own-recipe');

  await page.goto(`/edit-recipe/${recipeId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit recipe' })).toBeVisible();
  await capture(page, testInfo, '10-edit-recipe-details');
  await page.getByRole('tab', { name: 'Edit Photo' }).click();
  await expect(page.getByRole('button', { name: 'Delete photo' })).toBeVisible();
  await capture(page, testInfo, '10-edit-recipe-photo');

  await page.goto(`/users/profile/${cook.id}`);
  await expect(page.getByRole('heading', { level: 1, name: cook.name })).toBeVisible();
  for (const summary of ['Change avatar', 'Edit name', 'Change password', 'Delete account']) {
    await page.locator('summary', { hasText: summary }).click();
  }
  await capture(page, testInfo, '10-profile-owner');

  // Someone else's recipe: the review form; someone else's profile.
  const other = await recipeByAnotherCook(request, 'Axe Other');
  await page.goto(`/view-recipe/${other._id}`);
  await expect(page.getByRole('form', { name: 'Write a review' })).toBeVisible();
  await capture(page, testInfo, '10-view-recipe-review-form');
  await page.getByText('Recipe by').getByRole('link').click();
  await expect(page.getByRole('tab', { name: 'Created Recipes' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Saved Recipes' })).toHaveCount(0);
  await capture(page, testInfo, '10-profile-other');

  if (isPhone(testInfo)) {
    await openMenu(page);
    await capture(page, testInfo, '10-menu-logged-in');
  }
});
