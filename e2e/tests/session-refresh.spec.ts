import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { decodeJwt, SignJWT } from 'jose';
import {
  API,
  capture,
  expectLoggedIn,
  isSavedByApi,
  openOwnProfile,
  recipeByAnotherCook,
  signUpByApi,
  test,
} from './support.js';

const secretFile = fileURLToPath(new URL('../artifacts/data/secrets/access-token-secret.txt', import.meta.url));

/**
 * Swaps the browser's access cookie for an EXPIRED token of the same user and session, signed with the server's own
 * secret: the server must answer 'jwt expired', and the app must refresh and retry without the user noticing.
 */
async function expireAccessToken(context: BrowserContext): Promise<void> {
  const cookie = (await context.cookies()).find((candidate) => candidate.name === 'accessToken');
  expect(cookie, 'the access cookie').toBeDefined();
  const { sub, sid } = decodeJwt(cookie!.value);
  expect(typeof sub).toBe('string');
  expect(typeof sid).toBe('string');
  const now = Math.floor(Date.now() / 1000);
  const expired = await new SignJWT({ sid })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(sub!)
    .setIssuedAt(now - 1800)
    .setExpirationTime(now - 900)
    .sign(new TextEncoder().encode(readFileSync(secretFile, 'utf8').trim()));
  await context.addCookies([{ ...cookie!, value: expired }]);
}

/** Counts the app's refresh calls and the 'jwt expired' answers it met. */
function watchRefreshes(page: Page) {
  const seen = { refreshes: 0, refreshed: 0, expired: 0 };
  page.on('request', (request) => {
    if (request.url().endsWith(`${API}/users/refresh-token`)) seen.refreshes += 1;
  });
  page.on('response', async (response) => {
    if (response.url().endsWith(`${API}/users/refresh-token`) && response.status() === 200) seen.refreshed += 1;
    if (response.status() === 401 && response.url().includes(API)) {
      const body = (await response.json().catch(() => null)) as { message?: string } | null;
      if (body?.message === 'jwt expired') seen.expired += 1;
    }
  });
  return seen;
}

test('an expired access token is refreshed without the user noticing', async ({ page, context, request }, testInfo) => {
  const cook = await signUpByApi(page, { name: `Ravi Refresh ${testInfo.project.name}` });
  const recipe = await recipeByAnotherCook(request, 'Refresh Target');
  const seen = watchRefreshes(page);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });

  // 1. Start-up: the current-user check meets 'jwt expired', refreshes, and the user is still logged in.
  await expireAccessToken(context);
  const before = (await context.cookies()).find((cookie) => cookie.name === 'accessToken')!.value;
  await page.goto('/');
  await expectLoggedIn(page, testInfo, cook.name);
  await expect.poll(() => seen.refreshed).toBe(1);
  // Polled: the 401's body is read asynchronously, and the refresh's answer can be counted before it.
  await expect.poll(() => seen.expired).toBeGreaterThanOrEqual(1);
  const after = (await context.cookies()).find((cookie) => cookie.name === 'accessToken')!.value;
  expect(after).not.toBe(before);
  expect(decodeJwt(after).exp! * 1000).toBeGreaterThan(Date.now());

  // 2. Mid-session: the token expires while a recipe page is open; Save still works.
  await page.goto(`/view-recipe/${recipe._id}`);
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await expect(save).toHaveAttribute('aria-pressed', 'false');
  await expireAccessToken(context);
  await save.click();
  await expect(page.getByRole('button', { name: 'Saved', exact: true })).toHaveAttribute('aria-pressed', 'true');
  // The button flips at once; the server confirms once the refreshed call has gone through.
  await expect.poll(() => isSavedByApi(page, recipe._id)).toBe(true);
  await expect.poll(() => seen.refreshed).toBe(2);
  await expect(page.getByRole('button', { name: 'Saved', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText(/^Error/)).toHaveCount(0);

  // 3. Several calls at once (the profile asks for the user and both recipe lists): one refresh serves them all.
  await expireAccessToken(context);
  const refreshesBefore = seen.refreshes;
  await openOwnProfile(page, testInfo);
  await expect(page.getByRole('heading', { level: 1, name: cook.name })).toBeVisible();
  await page.getByRole('tab', { name: 'Saved Recipes' }).click();
  await expect(
    page.getByRole('list', { name: 'Saved recipes' }).getByRole('link', { name: recipe.title }),
  ).toBeVisible();
  await expect.poll(() => seen.refreshed).toBe(3);
  expect(seen.refreshes - refreshesBefore).toBe(1);
  await expect(page.getByText(/^Error/)).toHaveCount(0);
  await capture(page, testInfo, '08-profile-after-refresh');

  // Never logged out, never told.
  await expectLoggedIn(page, testInfo, cook.name);
  expect(dialogs).toEqual([]);
});
