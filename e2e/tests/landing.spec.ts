import { expect } from '@playwright/test';
import { capture, removedHeadings, scrollIntoView, searchBox, watchAdoption, test } from './support.js';

/*
 * index.html carries the landing page prerendered at build time; at '/' React adopts that markup for a visitor
 * (hydration, docs/decisions/013) instead of drawing the page a second time. A mismatch between the prerendered and
 * the first client render makes React throw the markup away and report an error, so both are watched here.
 */
test('the landing page is adopted as prerendered: nothing redrawn, no error, and it works', async ({
  page,
}, testInfo) => {
  const { exceptions, errors } = await watchAdoption(page);
  await page.goto('/');
  const hero = page.getByRole('heading', { level: 1, name: /Cook something worth talking about/ });
  await expect(hero).toBeVisible();
  // The featured recipes load through React once their section nears the screen: the app is running.
  await scrollIntoView(page.getByRole('region', { name: 'Featured recipes' }));
  await expect(page.getByRole('list', { name: 'Featured recipes' }).getByRole('listitem')).toHaveCount(6);
  // And it answers: the search box suggests (on a phone it lives in the menu).
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  const box = await searchBox(page, testInfo);
  await box.fill('rice');
  await expect(page.getByRole('listbox')).toBeVisible();
  await capture(page, testInfo, '12-landing-search');

  expect(await removedHeadings(page)).toBe(0);
  expect(exceptions).toEqual([]);
  expect(errors).toEqual([]);
});
