import { expect } from '@playwright/test';
import { capture, expectLoggedOut, isPhone, openMenu, openOwnProfile, signUpByApi, test } from './support.js';

test('logging out on a profile lands on the landing page, with no failing requests', async ({ page }, testInfo) => {
  await signUpByApi(page, { name: `Lou Logout ${testInfo.project.name}` });
  await page.goto('/');
  await openOwnProfile(page, testInfo);
  await expect(page.getByRole('tab', { name: 'Saved Recipes' })).toBeVisible();
  await page.mouse.wheel(0, 400);

  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/') && response.status() >= 400) {
      failed.push(`${response.status()} ${response.url()}`);
    }
  });
  if (isPhone(testInfo)) {
    const menu = await openMenu(page);
    await menu.getByRole('button', { name: 'Logout' }).click();
  } else {
    await page.getByRole('button', { name: 'Logout' }).click();
  }
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: /Cook something worth talking about/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Please log in' })).toHaveCount(0);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await expectLoggedOut(page, testInfo);
  // Long enough for a stale refetch of the old profile to have been answered.
  await page.waitForTimeout(1000);
  expect(failed).toEqual([]);
  await capture(page, testInfo, '13-after-logout');
});

test("Next and Previous on /recipes land on the grid's top, just below the sticky header", async ({
  page,
}, testInfo) => {
  await page.goto('/recipes');
  await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();
  const gap = async () =>
    page.evaluate(() => {
      const header = document.querySelector('header')!.getBoundingClientRect();
      const grid = document.querySelector('[aria-label^="Recipes, page"]')!.getBoundingClientRect();
      return grid.top - header.bottom;
    });
  for (const [button, label] of [
    ['Next page', /^Page 2 of \d+$/],
    ['Previous page', /^Page 1 of \d+$/],
  ] as const) {
    await page.getByRole('button', { name: button }).click();
    await expect(page.getByText(label)).toBeVisible();
    // The page scrolls smoothly: wait for it to come to rest.
    await expect.poll(gap).toBeGreaterThanOrEqual(8);
    await expect.poll(gap).toBeLessThanOrEqual(40);
  }
  await capture(page, testInfo, '19-recipes-after-previous');
});
