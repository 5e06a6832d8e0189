import { expect } from '@playwright/test';
import { API, capture, test } from './support.js';

test("an unknown page shows the router's 404 inside the site", async ({ page }, testInfo) => {
  const response = await page.goto('/no/such/page');
  // The server hands every client route to the app, which decides.
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: '404 Not Found' })).toBeVisible();
  await expect(page.getByText('No route matches URL "/no/such/page"')).toBeVisible();
  await expect(page).toHaveTitle(/404/);
  // Still inside the header and footer, with a way back.
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await capture(page, testInfo, '09-not-found');
  await page.getByRole('link', { name: 'Back to the kitchen' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: /Cook something worth talking about/ })).toBeVisible();
});

test('an unknown recipe id shows the reason, not a crash', async ({ page }, testInfo) => {
  await page.goto('/view-recipe/00000000-0000-4000-8000-000000000000');
  await expect(page.getByText(/^Error: /)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse all recipes' })).toBeVisible();
  await capture(page, testInfo, '09-unknown-recipe');
});

test('an unknown API path answers with the JSON 404 envelope', async ({ request }) => {
  for (const [method, path] of [
    ['GET', `${API}/no/such/thing`],
    ['POST', `${API}/recipes/no-such-action`],
    ['DELETE', `${API}/nothing-here`],
    ['GET', '/api'],
  ] as const) {
    const response = await request.fetch(path, { method });
    expect(response.status(), `${method} ${path}`).toBe(404);
    expect(response.headers()['content-type']).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ success: false, statusCode: 404, message: 'Route not found' });
  }
});
