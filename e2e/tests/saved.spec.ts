import { expect } from '@playwright/test';
import { capture, isSavedByApi, openOwnProfile, recipeByAnotherCook, signUpByApi, test } from './support.js';

test('save a recipe, find it under Saved Recipes, unsave it', async ({ page, request }, testInfo) => {
  await signUpByApi(page);
  const recipe = await recipeByAnotherCook(request, 'Saved Target');

  await page.goto(`/view-recipe/${recipe._id}`);
  await expect(page.getByRole('heading', { level: 1, name: recipe.title })).toBeVisible();
  const save = page.getByRole('button', { name: 'Save', exact: true });
  const saved = page.getByRole('button', { name: 'Saved', exact: true });
  await expect(save).toHaveAttribute('aria-pressed', 'false');
  await save.click();
  await expect(saved).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => isSavedByApi(page, recipe._id)).toBe(true);
  await capture(page, testInfo, '05-saved');
  // It stays saved after a reload.
  await page.reload();
  await expect(saved).toBeVisible();

  await openOwnProfile(page, testInfo);
  const savedTab = page.getByRole('tab', { name: 'Saved Recipes' });
  await expect(page.getByRole('tab', { name: 'Created Recipes' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('No recipes found')).toBeVisible();
  await savedTab.click();
  await expect(savedTab).toHaveAttribute('aria-selected', 'true');
  const list = page.getByRole('list', { name: 'Saved recipes' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('link', { name: recipe.title })).toBeVisible();
  await capture(page, testInfo, '05-profile-saved-tab');

  // Unsave from the recipe page.
  await list.getByRole('link', { name: recipe.title }).click();
  await expect(page).toHaveURL(new RegExp(`/view-recipe/${recipe._id}$`));
  await saved.click();
  await expect(save).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(() => isSavedByApi(page, recipe._id)).toBe(false);

  await openOwnProfile(page, testInfo);
  await savedTab.click();
  await expect(page.getByRole('tabpanel', { name: 'Saved Recipes' }).getByText('No recipes found')).toBeVisible();
  await capture(page, testInfo, '05-profile-saved-empty');
});
