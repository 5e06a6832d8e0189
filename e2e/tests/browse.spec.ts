import { expect, type Page } from '@playwright/test';
import { capture, scrollIntoView, test } from './support.js';

/** Reads 'Page X of Y' (other journeys may publish recipes meanwhile, so Y is read, never assumed). */
async function pagerState(page: Page): Promise<{ page: number; total: number }> {
  const text = await page
    .getByRole('navigation', { name: 'Pagination' })
    .getByText(/^Page \d+ of \d+$/)
    .textContent();
  const [, current, total] = /^Page (\d+) of (\d+)$/.exec(text ?? '') ?? [];
  return { page: Number(current), total: Number(total) };
}

async function cardTitles(page: Page, pageNumber: number): Promise<string[]> {
  const grid = page.getByRole('list', { name: `Recipes, page ${pageNumber}` });
  await expect(grid.getByRole('listitem')).not.toHaveCount(0);
  return grid.getByRole('heading').allTextContents();
}

test('a visitor pages through the recipes and opens one', async ({ page }, testInfo) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: /Cook something worth talking about/ })).toBeVisible();
  for (const blurb of ['Personalised recommendations', 'Community sharing', 'Meal planner']) {
    await expect(page.getByRole('heading', { level: 3, name: blurb })).toBeVisible();
  }
  const featured = page.getByRole('region', { name: 'Featured recipes' });
  // Featured recipes load once they come within a screen of the viewport (docs/decisions/009).
  await scrollIntoView(featured);
  await expect(featured.getByRole('list', { name: 'Featured recipes' }).getByRole('listitem')).toHaveCount(6);
  await capture(page, testInfo, '01-home');
  await page.getByRole('link', { name: 'View More' }).click();
  await expect(page).toHaveURL(/\/recipes$/);

  const pager = page.getByRole('navigation', { name: 'Pagination' });
  const first = pager.getByRole('button', { name: 'First page' });
  const previous = pager.getByRole('button', { name: 'Previous page' });
  const next = pager.getByRole('button', { name: 'Next page' });
  const last = pager.getByRole('button', { name: 'Last page' });

  await expect(page.getByRole('heading', { level: 1, name: 'All Recipes' })).toBeVisible();
  await expect(pager.getByText(/^Page 1 of \d+$/)).toBeVisible();
  const pageOne = await cardTitles(page, 1);
  expect(pageOne).toHaveLength(12);
  await expect(first).toBeDisabled();
  await expect(previous).toBeDisabled();
  await expect(next).toBeEnabled();
  expect((await pagerState(page)).total).toBeGreaterThanOrEqual(3);
  await capture(page, testInfo, '01-recipes-page-1');

  await next.click();
  await expect(page).toHaveURL(/\/recipes\?page=2$/);
  await expect(pager.getByText(/^Page 2 of \d+$/)).toBeVisible();
  const pageTwo = await cardTitles(page, 2);
  expect(pageTwo).toHaveLength(12);
  expect(pageTwo).not.toEqual(pageOne);
  await expect(first).toBeEnabled();
  await expect(previous).toBeEnabled();

  await last.click();
  // The URL of page 2 already has the form /recipes?page=N, so wait for the pager to say 'Page N of N'.
  await expect(pager.getByText(/^Page (\d+) of \1$/)).toBeVisible();
  const end = await pagerState(page);
  expect(end.page).toBe(end.total);
  expect(page.url()).toMatch(new RegExp(`page=${end.total}$`));
  await expect(next).toBeDisabled();
  await expect(last).toBeDisabled();
  await cardTitles(page, end.page);
  await capture(page, testInfo, '01-recipes-last-page');

  await previous.click();
  await expect(page).toHaveURL(new RegExp(`/recipes\\?page=${end.total - 1}$`));
  await expect(pager.getByText(new RegExp(`^Page ${end.total - 1} of \\d+$`))).toBeVisible();

  await first.click();
  await expect(page).toHaveURL(/\/recipes$/);
  await expect(pager.getByText(/^Page 1 of \d+$/)).toBeVisible();

  // The page lives in the URL: a reload (or a shared link) opens the same page.
  await page.goto('/recipes?page=2');
  await expect(pager.getByText(/^Page 2 of \d+$/)).toBeVisible();
  const grid = page.getByRole('list', { name: 'Recipes, page 2' });

  // A new page starts at the top; Back returns to where the reader was (docs/decisions/012).
  const lower = grid.getByRole('listitem').nth(9);
  await lower.scrollIntoViewIfNeeded();
  const listScroll = await page.evaluate(() => window.scrollY);
  expect(listScroll).toBeGreaterThan(0);
  await lower.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/view-recipe\/[0-9a-f-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect(pager.getByText(/^Page 2 of \d+$/)).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(listScroll);

  const card = grid.getByRole('listitem').first();
  const title = (await card.getByRole('heading').textContent()) ?? '';
  expect(title).not.toBe('');
  await card.getByRole('link', { name: title }).click();

  // The view page.
  await expect(page).toHaveURL(/\/view-recipe\/[0-9a-f-]+$/);
  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(breadcrumb.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  await expect(breadcrumb.getByRole('link', { name: 'Recipes' })).toHaveAttribute('href', '/recipes');
  await expect(breadcrumb.getByText(title, { exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  // The recipe's rating, or 'No reviews yet' for one nobody has rated (other journeys add such recipes meanwhile,
  // and one may be the card opened here).
  const header = page.locator('article > header').first();
  const rating = header.getByRole('img', { name: /^Rated [\d.]+ out of 5$/ });
  await expect(rating.or(header.getByText('No reviews yet', { exact: true }))).toBeVisible();
  const countText = (await rating.isVisible())
    ? ((await header.getByText(/^\d\.\d · \d+ reviews?$/).textContent()) ?? '')
    : '';
  const reviewCount = Number(/· (\d+) review/.exec(countText)?.[1] ?? 0);

  // The recipe's own time (the facts beside it), not the cards of 'More like this' below.
  await expect(page.getByRole('complementary').getByText(/^\d+ mins$/)).toBeVisible();
  const ingredients = page.getByRole('region', { name: 'Ingredients' });
  await expect(ingredients.getByRole('listitem')).not.toHaveCount(0);
  const steps = page.getByRole('region', { name: 'Steps' });
  const stepItems = steps.getByRole('listitem');
  await expect(stepItems).not.toHaveCount(0);
  const stepCount = await stepItems.count();
  for (let index = 0; index < stepCount; index += 1) {
    await expect(stepItems.nth(index)).toContainText(String(index + 1));
  }
  const author = page.getByText('Recipe by').getByRole('link');
  await expect(author).toHaveAttribute('href', /^\/users\/profile\/[0-9a-f-]+$/);
  await expect(page.getByText(/^Created on \d{1,2} \w+ \d{4} at \d{2}:\d{2}$/)).toBeVisible();

  const reviews = page.getByRole('region', { name: 'Reviews' });
  await expect(reviews.getByRole('heading', { name: 'Reviews' })).toBeVisible();
  await expect(reviews.getByRole('link', { name: 'Log in' })).toBeVisible();
  if (reviewCount > 0) {
    await expect(reviews.getByRole('article', { name: /^Review by / }).first()).toBeVisible();
    await expect(reviews.getByText(/ ago$/).first()).toBeVisible();
  } else {
    await expect(reviews.getByText(/No reviews yet/)).toBeVisible();
  }
  await capture(page, testInfo, '01-view-recipe');

  // The breadcrumb leads back to the list.
  await breadcrumb.getByRole('link', { name: 'Recipes' }).click();
  await expect(page).toHaveURL(/\/recipes$/);
  await expect(page.getByRole('heading', { level: 1, name: 'All Recipes' })).toBeVisible();
});
