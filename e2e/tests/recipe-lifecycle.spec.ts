import { expect, type Page } from '@playwright/test';
import {
  API,
  capture,
  expectLoggedIn,
  openAddRecipe,
  openOwnProfile,
  pngFile,
  recipeTitle,
  uniqueEmail,
  test,
} from './support.js';

const recipeIdOf = (page: Page) => /\/view-recipe\/([0-9a-f-]+)$/.exec(page.url())?.[1] ?? '';

async function fillRecipe(
  page: Page,
  recipe: { title: string; introduction: string; cookingTime: string; ingredients: string[]; steps: string[] },
) {
  await page.getByRole('textbox', { name: /^Title/ }).fill(recipe.title);
  await page.getByRole('textbox', { name: /^Introduction/ }).fill(recipe.introduction);
  await page.getByRole('textbox', { name: /^Cooking time/ }).fill(recipe.cookingTime);
  for (const [index, ingredient] of recipe.ingredients.entries()) {
    if (index > 0) await page.getByRole('button', { name: 'Add ingredient' }).click();
    await page.getByRole('textbox', { name: `Ingredient ${index + 1}`, exact: true }).fill(ingredient);
  }
  for (const [index, step] of recipe.steps.entries()) {
    if (index > 0) await page.getByRole('button', { name: 'Add step' }).click();
    await page.getByRole('textbox', { name: `Step ${index + 1}`, exact: true }).fill(step);
  }
}

test('sign up with an avatar, publish a recipe and a draft, edit details and photo, delete', async ({
  page,
  request,
}, testInfo) => {
  const name = `Pat Lifecycle ${testInfo.project.name}`;
  const email = uniqueEmail('lifecycle');
  const password = 'lifecycle-secret-1';

  // Sign up with an avatar.
  await page.goto('/signup');
  await expect(page.getByRole('heading', { level: 1, name: 'Join Forkful' })).toBeVisible();
  await page.getByRole('button', { name: 'Signup', exact: true }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await capture(page, testInfo, '03-signup-errors');

  await page.getByRole('textbox', { name: /^Name/ }).fill(name);
  await page.getByRole('textbox', { name: /^Email/ }).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByLabel('Choose avatar').setInputFiles(await pngFile('me.png', '#d9622b'));
  await expect(page.getByRole('img', { name: 'Your new avatar' })).toBeVisible();
  await capture(page, testInfo, '03-signup-filled');
  await page.getByRole('button', { name: 'Signup', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectLoggedIn(page, testInfo, name);

  const me = await page.request.get(`${API}/users/current`);
  const user = ((await me.json()) as { data: { user: { _id: string; avatar: { isDefault: boolean; url: string } } } })
    .data.user;
  expect(user.avatar.isDefault).toBe(false);
  expect(user.avatar.url).toMatch(/^\/uploads\//);

  // Publish a recipe with a photo.
  await openAddRecipe(page, testInfo);
  await expect(page.getByRole('heading', { level: 1, name: 'Share a recipe' })).toBeVisible();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Recipe title is required')).toBeVisible();
  await expect(page.getByText('Cooking time is required')).toBeVisible();
  await expect(page.getByText('Ingredients cannot be empty')).toBeVisible();
  await expect(page.getByText('Steps cannot be empty')).toBeVisible();
  await capture(page, testInfo, '03-add-recipe-errors');

  const published = {
    title: recipeTitle('Saffron Rice'),
    introduction: 'Fragrant rice for a slow Sunday.',
    cookingTime: '35',
    ingredients: ['300 g basmati rice', 'A pinch of saffron', '1 onion'],
    steps: ['Soak the saffron in warm water.', 'Fry the onion, add the rice and water.'],
  };
  await fillRecipe(page, published);
  // The first row cannot be removed; the others can.
  await expect(page.getByRole('button', { name: 'Remove ingredient 1' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Remove ingredient 3' }).click();
  await expect(page.getByRole('textbox', { name: 'Ingredient 3', exact: true })).toHaveCount(0);
  await page.getByLabel('Choose photo').setInputFiles(await pngFile('rice.png', '#e0a526'));
  await expect(page.getByRole('img', { name: 'Preview of your upload' })).toBeVisible();
  await capture(page, testInfo, '03-add-recipe-filled');
  await page.getByRole('button', { name: 'Publish' }).click();

  await expect(page).toHaveURL(/\/view-recipe\/[0-9a-f-]+$/);
  const publishedId = recipeIdOf(page);
  await expect(page.getByRole('heading', { level: 1, name: published.title })).toBeVisible();
  await expect(page.getByText('Published — everyone can see this recipe')).toBeVisible();
  await expect(page.getByText('35 mins')).toBeVisible();
  const ingredients = page.getByRole('region', { name: 'Ingredients' }).getByRole('listitem');
  await expect(ingredients).toHaveText(published.ingredients.slice(0, 2));
  await expect(page.getByRole('region', { name: 'Steps' }).getByRole('listitem')).toHaveText([
    `1${published.steps[0]}`,
    `2${published.steps[1]}`,
  ]);
  const photo = page.getByRole('img', { name: published.title });
  await expect(photo).toHaveAttribute('src', /^\/uploads\//);
  const firstPhoto = await photo.getAttribute('src');
  await expect(page.getByText('Recipe by').getByRole('link', { name })).toHaveAttribute(
    'href',
    `/users/profile/${user._id}`,
  );
  // No review form for the author.
  await expect(page.getByRole('heading', { name: 'Write a review' })).toHaveCount(0);
  await capture(page, testInfo, '03-view-published');

  // Save a draft.
  await openAddRecipe(page, testInfo);
  const draft = {
    title: recipeTitle('Draft Dumplings'),
    introduction: 'Still testing the folding.',
    cookingTime: '50',
    ingredients: ['Dumpling wrappers'],
    steps: ['Fold and steam.'],
  };
  await fillRecipe(page, draft);
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(page).toHaveURL(/\/view-recipe\/[0-9a-f-]+$/);
  const draftId = recipeIdOf(page);
  await expect(page.getByRole('heading', { level: 1, name: draft.title })).toBeVisible();
  await expect(page.getByText('Draft — only you can see this recipe')).toBeVisible();
  await expect(page.getByText('Photo not available')).toBeVisible();
  await capture(page, testInfo, '03-view-draft');
  // Drafts are the author's alone.
  // (`request` is a separate, anonymous API context.)
  expect((await request.get(`${API}/recipes/${draftId}/view-recipe`)).status()).toBe(404);
  expect((await request.get(`${API}/recipes/${publishedId}/view-recipe`)).status()).toBe(200);

  // Both are on the profile; the draft is marked.
  await openOwnProfile(page, testInfo);
  const created = page.getByRole('list', { name: 'Created recipes' });
  await expect(created.getByRole('link', { name: published.title })).toBeVisible();
  const draftCard = created.getByRole('listitem').filter({ hasText: draft.title });
  await expect(draftCard.getByText('Draft', { exact: true })).toBeVisible();
  await capture(page, testInfo, '03-profile-created');

  // Edit details.
  await created.getByRole('link', { name: published.title }).click();
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/edit-recipe/${publishedId}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Edit recipe' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Edit Details' })).toHaveAttribute('aria-selected', 'true');
  const title = page.getByRole('textbox', { name: /^Title/ });
  await expect(title).toHaveValue(published.title);
  await capture(page, testInfo, '03-edit-details');
  const editedTitle = `${published.title} Deluxe`;
  await title.fill(editedTitle);
  await page.getByRole('textbox', { name: /^Cooking time/ }).fill('40');
  await page.getByRole('textbox', { name: 'Ingredient 2', exact: true }).fill('');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Ingredient cannot be empty')).toBeVisible();
  await page.getByRole('textbox', { name: 'Ingredient 2', exact: true }).fill('2 pinches of saffron');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/view-recipe/${publishedId}$`));
  await expect(page.getByRole('heading', { level: 1, name: editedTitle })).toBeVisible();
  await expect(page.getByText('40 mins')).toBeVisible();
  await expect(ingredients.nth(1)).toHaveText('2 pinches of saffron');
  await expect(page.getByText('Published — everyone can see this recipe')).toBeVisible();

  // Edit the photo.
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await page.getByRole('tab', { name: 'Edit Photo' }).click();
  await expect(page.getByRole('tab', { name: 'Edit Photo' })).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel', { name: 'Edit Photo' });
  await expect(panel.getByRole('img', { name: editedTitle })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Delete photo' })).toBeVisible();
  await capture(page, testInfo, '03-edit-photo');
  await panel.getByLabel('Change photo').setInputFiles(await pngFile('rice-2.png', '#3f7d4e'));
  await expect(panel.getByRole('img', { name: 'Preview of your upload' })).toBeVisible();
  await panel.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(panel.getByRole('status').filter({ hasText: 'Photo saved.' })).toBeVisible();
  await capture(page, testInfo, '03-edit-photo-saved');
  await page.getByRole('link', { name: '← Back to recipe' }).click();
  await expect(page).toHaveURL(new RegExp(`/view-recipe/${publishedId}$`));
  const newPhoto = page.getByRole('img', { name: editedTitle });
  await expect(newPhoto).toHaveAttribute('src', /^\/uploads\//);
  await expect(newPhoto).not.toHaveAttribute('src', firstPhoto ?? '');
  await capture(page, testInfo, '03-view-edited');

  // Save on the draft publishes it.
  await page.goto(`/edit-recipe/${draftId}`);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/view-recipe/${draftId}$`));
  await expect(page.getByText('Published — everyone can see this recipe')).toBeVisible();

  // Delete, with confirmation.
  await page.goto(`/view-recipe/${publishedId}`);
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Proceed with deletion?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('This is irreversible')).toBeVisible();
  await capture(page, testInfo, '03-delete-confirm');
  // Cancel keeps it.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page).toHaveURL(/\/recipes$/);
  await expect(page.getByRole('heading', { level: 1, name: 'All Recipes' })).toBeVisible();
  expect((await page.request.get(`${API}/recipes/${publishedId}/view-recipe`)).status()).toBe(404);
  await expect(page.getByRole('link', { name: editedTitle })).toHaveCount(0);
});
