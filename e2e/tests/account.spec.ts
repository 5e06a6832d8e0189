import { expect, type Page } from '@playwright/test';
import {
  API,
  capture,
  collectDialogs,
  createRecipeByApi,
  currentUser,
  expectLoggedIn,
  expectLoggedOut,
  logIn,
  logOut,
  openOwnProfile,
  pngFile,
  recipeTitle,
  signUpByApi,
  submitLogin,
  test,
} from './support.js';

/** Opens one of the profile's settings blocks (a <details>). */
async function openSettings(page: Page, title: string) {
  const block = page.locator('details').filter({ has: page.locator('summary', { hasText: title }) });
  await block.locator('summary').click();
  await expect(block).toHaveAttribute('open', '');
  return block;
}

test('change name, avatar and password, then log out and back in with the new password', async ({ page }, testInfo) => {
  const cook = await signUpByApi(page, { name: `Nora Before ${testInfo.project.name}` });
  await page.goto('/');
  await openOwnProfile(page, testInfo);
  await expect(page).toHaveURL(new RegExp(`/users/profile/${cook.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: cook.name })).toBeVisible();
  await expect(page.getByText(cook.email)).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Saved Recipes' })).toBeVisible();
  await capture(page, testInfo, '06-profile');

  // Name.
  const nameBlock = await openSettings(page, 'Edit name');
  const nameField = nameBlock.getByRole('textbox', { name: /^Name/ });
  await expect(nameField).toHaveValue(cook.name);
  await nameField.fill('   ');
  await nameBlock.getByRole('button', { name: 'Save name' }).click();
  await expect(nameBlock.getByText('Name cannot be empty')).toBeVisible();
  const newName = `Nora After ${testInfo.project.name}`;
  await nameField.fill(newName);
  await nameBlock.getByRole('button', { name: 'Save name' }).click();
  await expect(nameBlock.getByRole('status')).toHaveText('Name updated');
  await expect(page.getByRole('heading', { level: 1, name: newName })).toBeVisible();
  await expectLoggedIn(page, testInfo, newName);
  expect((await currentUser(page))?.name).toBe(newName);

  // Avatar.
  const avatarBlock = await openSettings(page, 'Change avatar');
  const profileAvatar = page.getByRole('img', { name: `${newName}'s avatar` }).first();
  const defaultSrc = await profileAvatar.getAttribute('src');
  await expect(avatarBlock.getByRole('button', { name: 'Remove avatar' })).toHaveCount(0);
  await avatarBlock.getByLabel('Change avatar').setInputFiles(await pngFile('new-avatar.png', '#2b6cd9'));
  await expect(avatarBlock.getByRole('img', { name: 'New avatar' })).toBeVisible();
  await capture(page, testInfo, '06-avatar-chosen');
  await avatarBlock.getByRole('button', { name: 'Save avatar' }).click();
  await expect(avatarBlock.getByRole('button', { name: 'Remove avatar' })).toBeVisible();
  await expect(profileAvatar).toHaveAttribute('src', /^\/uploads\//);
  const me = await page.request.get(`${API}/users/current`);
  expect(((await me.json()) as { data: { user: { avatar: { isDefault: boolean } } } }).data.user.avatar.isDefault).toBe(
    false,
  );
  // And back to the default picture.
  await avatarBlock.getByRole('button', { name: 'Remove avatar' }).click();
  await expect(avatarBlock.getByRole('button', { name: 'Remove avatar' })).toHaveCount(0);
  await expect(profileAvatar).toHaveAttribute('src', defaultSrc ?? '');
  await avatarBlock.getByLabel('Change avatar').setInputFiles(await pngFile('final-avatar.png', '#8a3fd9'));
  await avatarBlock.getByRole('button', { name: 'Save avatar' }).click();
  await expect(profileAvatar).toHaveAttribute('src', /^\/uploads\//);

  // Password.
  const passwordBlock = await openSettings(page, 'Change password');
  await passwordBlock.getByRole('button', { name: 'Change password' }).click();
  await expect(passwordBlock.getByText('This is required field')).toHaveCount(2);
  await passwordBlock.getByLabel(/^Current password/).fill('not-my-password');
  await passwordBlock.getByLabel(/^New password/).fill('short');
  await passwordBlock.getByRole('button', { name: 'Change password' }).click();
  await expect(passwordBlock.getByText('Password should be at least 8 characters')).toBeVisible();
  const newPassword = 'brand-new-secret-9';
  await passwordBlock.getByLabel(/^New password/).fill(newPassword);
  await passwordBlock.getByRole('button', { name: 'Change password' }).click();
  // A wrong current password is refused with the server's reason.
  await expect(passwordBlock.getByText(/^Error: /)).toBeVisible();
  await capture(page, testInfo, '06-password-error');
  await passwordBlock.getByLabel(/^Current password/).fill(cook.password);
  const dialogs = collectDialogs(page);
  await passwordBlock.getByRole('button', { name: 'Change password' }).click();
  // Said in the page's live region, as 'Name updated' is: no alert box.
  await expect(passwordBlock.getByRole('status')).toHaveText('Password changed');
  expect(dialogs).toEqual([]);
  await capture(page, testInfo, '06-password-changed');
  await expect(passwordBlock.getByLabel(/^Current password/)).toHaveValue('');
  // Still logged in after the change.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: newName })).toBeVisible();

  // Log out, then the old password fails and the new one works.
  await logOut(page, testInfo);
  expect(await currentUser(page)).toBeNull();
  await page.goto('/login');
  await submitLogin(page, cook.email, cook.password);
  await expect(page.getByText('Error: Invalid email or password')).toBeVisible();
  await logIn(page, cook.email, newPassword);
  await expectLoggedIn(page, testInfo, newName);
  expect((await currentUser(page))?.name).toBe(newName);
});

test('delete the account: back on the home page with the message, logged out, recipes gone', async ({
  page,
}, testInfo) => {
  const cook = await signUpByApi(page, { name: `Dora Delete ${testInfo.project.name}` });
  const recipeId = await createRecipeByApi(page, { title: recipeTitle('Farewell Soup') });
  await page.goto(`/users/profile/${cook.id}`);
  await expect(page.getByRole('heading', { level: 1, name: cook.name })).toBeVisible();

  const block = await openSettings(page, 'Delete account');
  await expect(
    block.getByText('Your account, every recipe you created and every review you wrote are removed for good.'),
  ).toBeVisible();
  await block.getByRole('button', { name: 'Delete account' }).click();
  const confirm = page.getByRole('dialog', { name: 'Proceed with deletion?' });
  await expect(confirm.getByText('This is irreversible')).toBeVisible();
  await expect(confirm.getByText('Your recipes and reviews are deleted with your account.')).toBeVisible();
  await capture(page, testInfo, '07-delete-account-confirm');
  // Cancel keeps everything.
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  expect((await currentUser(page))?._id).toBe(cook.id);

  await block.getByRole('button', { name: 'Delete account' }).click();
  const dialogs = collectDialogs(page);
  await confirm.getByRole('button', { name: 'Delete account' }).click();

  await expect(page).toHaveURL(/\/$/);
  // The message survives the move to the landing page and is said there, in a live region.
  await expect(page.getByRole('status').filter({ hasText: /^Account deleted successfully$/ })).toBeVisible();
  expect(dialogs).toEqual([]);
  await expectLoggedOut(page, testInfo);
  expect(await currentUser(page)).toBeNull();
  await capture(page, testInfo, '07-after-account-deleted');
  expect((await page.request.get(`${API}/recipes/${recipeId}/view-recipe`)).status()).toBe(404);

  // The account is gone for good.
  await page.goto('/login');
  await submitLogin(page, cook.email, cook.password);
  await expect(page.getByText('Error: Invalid email or password')).toBeVisible();
});
