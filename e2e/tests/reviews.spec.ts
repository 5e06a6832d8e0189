import { expect } from '@playwright/test';
import { API, capture, rate, recipeByAnotherCook, signUpByApi, test } from './support.js';

test('a fresh cook creates, updates and deletes a review on a recipe', async ({ page, request }, testInfo) => {
  const cook = await signUpByApi(page, { name: `Rita Reviewer ${testInfo.project.name}` });
  // Reviewed once already, so the count is shown from the start.
  const recipe = await recipeByAnotherCook(request, 'Review Target', { reviews: 1 });
  await page.goto(`/view-recipe/${recipe._id}`);
  await expect(page.getByRole('heading', { level: 1, name: recipe.title })).toBeVisible();
  const reviewsRegion = page.getByRole('region', { name: 'Reviews' });
  const count = page.getByText(/^\d\.\d · \d+ reviews?$/);
  await expect(count).toContainText(`${recipe.totalReviews} review`);

  // Create.
  const form = reviewsRegion.getByRole('form', { name: 'Write a review' });
  await expect(form).toBeVisible();
  const submit = form.getByRole('button', { name: 'Submit review' });
  await expect(submit).toBeDisabled();
  await form.getByRole('textbox', { name: 'Comment' }).fill('Lovely');
  await expect(form.getByText('Rating is required')).toBeVisible();
  await expect(submit).toBeDisabled();
  await rate(form, 4);
  await expect(form.getByText('Rating is required')).toHaveCount(0);
  await form.getByRole('textbox', { name: 'Comment' }).fill('x'.repeat(251));
  await expect(form.getByText('Only 250 characters allowed')).toBeVisible();
  await expect(submit).toBeDisabled();
  await form.getByRole('textbox', { name: 'Comment' }).fill('Crisp edges, soft middle. Will make again.');
  await expect(submit).toBeEnabled();
  await capture(page, testInfo, '04-review-form');
  await submit.click();

  await expect(reviewsRegion.getByText('You already reviewed this recipe!')).toBeVisible();
  const mine = reviewsRegion.getByRole('article', { name: `Review by ${cook.name}` });
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText('Crisp edges, soft middle. Will make again.');
  await expect(mine.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
  // Under a minute old: 'just now', not '0 seconds ago' (decision 004).
  await expect(mine.getByText('just now')).toBeVisible();
  await expect(count).toContainText(`${recipe.totalReviews + 1} review`);
  await capture(page, testInfo, '04-review-created');

  // The own review stays apart after a reload too (and is not repeated in the list).
  await page.reload();
  await expect(reviewsRegion.getByText('You already reviewed this recipe!')).toBeVisible();
  await expect(reviewsRegion.getByRole('article', { name: `Review by ${cook.name}` })).toHaveCount(1);

  // Update.
  await reviewsRegion.getByRole('button', { name: 'Update My Review' }).click();
  const edit = reviewsRegion.getByRole('form', { name: 'Update your review' });
  await expect(edit).toBeVisible();
  await expect(edit.getByLabel('4 stars', { exact: true })).toBeChecked();
  await expect(edit.getByRole('textbox', { name: 'Comment' })).toHaveValue(
    'Crisp edges, soft middle. Will make again.',
  );
  await expect(edit.getByRole('button', { name: 'Delete my review' })).toBeVisible();
  await capture(page, testInfo, '04-review-edit');
  // The close button leaves the review as it was.
  await edit.getByRole('button', { name: 'Close' }).click();
  await expect(edit).toBeHidden();
  await reviewsRegion.getByRole('button', { name: 'Update My Review' }).click();
  await rate(edit, 2);
  await edit.getByRole('textbox', { name: 'Comment' }).fill('Second time it burned. Watch the oven.');
  await edit.getByRole('button', { name: 'Update review' }).click();
  await expect(edit).toBeHidden();
  await expect(mine).toContainText('Second time it burned. Watch the oven.');
  await expect(mine.getByRole('img', { name: 'Rated 2 out of 5' })).toBeVisible();
  const stored = await page.request.get(`${API}/reviews/view/${cook.id}/${recipe._id}`);
  expect(((await stored.json()) as { data: { rating: number } }).data.rating).toBe(2);

  // Delete.
  await reviewsRegion.getByRole('button', { name: 'Update My Review' }).click();
  await edit.getByRole('button', { name: 'Delete my review' }).click();
  // It asks first (nothing is deleted yet), then says it was deleted.
  const confirm = page.getByRole('dialog', { name: 'Proceed with deletion?' });
  await expect(confirm.getByText('This is irreversible')).toBeVisible();
  await capture(page, testInfo, '04-review-delete-confirm');
  expect((await page.request.get(`${API}/reviews/view/${cook.id}/${recipe._id}`)).status()).toBe(200);
  await confirm.getByRole('button', { name: 'Delete review' }).click();
  await expect(form).toBeVisible();
  await expect(reviewsRegion.getByRole('status').filter({ hasText: /^Your review was deleted\.$/ })).toBeVisible();
  await expect(reviewsRegion.getByText('You already reviewed this recipe!')).toHaveCount(0);
  await expect(reviewsRegion.getByRole('article', { name: `Review by ${cook.name}` })).toHaveCount(0);
  await expect(count).toContainText(`${recipe.totalReviews} review`);
  expect((await page.request.get(`${API}/reviews/view/${cook.id}/${recipe._id}`)).status()).toBe(404);
  await capture(page, testInfo, '04-review-deleted');
});
