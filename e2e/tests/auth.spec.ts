import { expect } from '@playwright/test';
import { demo, screenshot, test } from './support.js';

test('the demo account logs in through the browser and lands on the home page', async ({ page }, testInfo) => {
  await page.goto('/login');
  await expect(page.getByText(demo.email)).toBeVisible();
  await screenshot(page, testInfo, 'login');
  await page.getByRole('textbox', { name: /^Email/ }).fill(demo.email);
  await page
    .getByLabel(/^Password/, { exact: false })
    .and(page.locator('input'))
    .fill(demo.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  const current = await page.request.get('/api/v1/users/current');
  expect(current.status()).toBe(200);
  expect((await current.json()).data.user.email).toBe(demo.email);
  await screenshot(page, testInfo, 'home-logged-in');
});

test('a wrong password shows the reason and stays on the log-in screen', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('textbox', { name: /^Email/ }).fill(demo.email);
  await page
    .getByLabel(/^Password/, { exact: false })
    .and(page.locator('input'))
    .fill('not the password');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});
