import { expect, type Page } from '@playwright/test';
import {
  capture,
  createRecipeByApi,
  openOwnProfile,
  rate,
  recipeTitle,
  searchBox,
  signUpByApi,
  test,
} from './support.js';

// Stored XSS (issue 5): texts that cooks write come back as text, never as markup. The site's CSP would also stop an
// inline handler from running, which would hide a rendering bug from the `window.__xss` check; this journey turns
// the CSP off so that check means something, and also looks for the payloads' elements in the DOM.
test.use({ bypassCSP: true });

const IMG = '<img src=x onerror="window.__xss=1">';
const SCRIPT = '<script>window.__xss=1</script>';
const SVG = '"><svg onload="window.__xss=1">';
const HANDLER = '<a href="javascript:window.__xss=1" onclick="window.__xss=1">tap</a>';

async function expectInert(page: Page, where: string): Promise<void> {
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss), `window.__xss on ${where}`).toBeUndefined();
  await expect(
    page.locator('img[src="x"], svg[onload], [onerror], [onclick], a[href^="javascript:"], body script'),
    `payload elements on ${where}`,
  ).toHaveCount(0);
}

test('payloads in recipe texts, a review and profile names render as text', async ({ page, browser }, testInfo) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });

  // The author's name is a payload; so are the introduction, ingredients and steps of the recipe.
  const authorContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL, bypassCSP: true });
  const author = await authorContext.newPage();
  const authorAccount = await signUpByApi(author, { name: IMG });
  const title = recipeTitle('Payload Pie');
  const introduction = `Crisp pastry. ${IMG} ${SCRIPT}`;
  const ingredients = [IMG, SCRIPT, `${SVG} salt`, HANDLER];
  const steps = [`Mix ${SCRIPT} well.`, `Bake ${IMG} at 200 C.`];
  const recipeId = await createRecipeByApi(author, { title, introduction, ingredients, steps });

  // The reviewer changes their name to a payload on the profile page, then writes a payload review.
  const reviewer = await signUpByApi(page, { name: 'Plain Reviewer' });
  await page.goto(`/users/profile/${reviewer.id}`);
  await page.locator('summary', { hasText: 'Edit name' }).click();
  await page.getByRole('textbox', { name: /^Name/ }).fill(SCRIPT);
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByRole('heading', { level: 1, name: SCRIPT })).toBeVisible();
  await expectInert(page, 'the reviewer profile');

  await page.goto(`/view-recipe/${recipeId}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const comment = `So good ${IMG} ${SCRIPT} ${SVG}`;
  const form = page.getByRole('form', { name: 'Write a review' });
  await rate(form, 5);
  await form.getByRole('textbox', { name: 'Comment' }).fill(comment);
  await form.getByRole('button', { name: 'Submit review' }).click();

  // The reviewer's view of the recipe.
  await expect(page.getByText('You already reviewed this recipe!')).toBeVisible();
  await expect(page.getByText(introduction, { exact: true })).toBeVisible();
  const ingredientItems = page.getByRole('region', { name: 'Ingredients' }).getByRole('listitem');
  await expect(ingredientItems).toHaveText(ingredients);
  const stepItems = page.getByRole('region', { name: 'Steps' }).getByRole('listitem');
  await expect(stepItems).toHaveText(steps.map((step, index) => `${index + 1}${step}`));
  await expect(page.getByText('Recipe by').getByRole('link')).toHaveText(IMG);
  const ownReview = page.getByRole('article', { name: `Review by ${SCRIPT}` });
  await expect(ownReview.getByText(comment, { exact: true })).toBeVisible();
  await expectInert(page, 'the view page (reviewer)');
  await capture(page, testInfo, '11-xss-view-recipe');

  // The author's view: the payload review sits in the list.
  await author.goto(`/view-recipe/${recipeId}`);
  const listed = author.getByRole('article', { name: `Review by ${SCRIPT}` });
  await expect(listed.getByText(comment, { exact: true })).toBeVisible();
  await expect(author.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expectInert(author, 'the view page (author)');

  // The author's profile, seen by the reviewer: name and the recipe card.
  await page.getByText('Recipe by').getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/users/profile/${authorAccount.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: IMG })).toBeVisible();
  const card = page.getByRole('list', { name: 'Created recipes' }).getByRole('listitem').filter({ hasText: title });
  await expect(card.getByText(introduction, { exact: true })).toBeVisible();
  await expect(card.getByText(`by ${IMG}`, { exact: true })).toBeVisible();
  await expectInert(page, 'the author profile');
  await capture(page, testInfo, '11-xss-author-profile');

  // The reviewer's own profile (header avatar and name).
  await openOwnProfile(page, testInfo);
  await expect(page.getByRole('heading', { level: 1, name: SCRIPT })).toBeVisible();
  await expectInert(page, 'the own profile');

  // Lists: all recipes (newest first), and the search results.
  await page.goto('/recipes');
  const listCard = page.getByRole('list', { name: 'Recipes, page 1' }).getByRole('listitem').filter({ hasText: title });
  await expect(listCard.getByText(`by ${IMG}`, { exact: true })).toBeVisible();
  await expectInert(page, 'all recipes');
  await capture(page, testInfo, '11-xss-recipes');

  const box = await searchBox(page, testInfo);
  await box.pressSequentially(title.split(' ').slice(1, 3).join(' '));
  await expect(page.getByRole('option', { name: title })).toBeVisible();
  await box.press('Enter');
  await expect(page).toHaveURL(/\/searched-recipes\?query=/);
  await expect(
    page.getByRole('list', { name: 'Search results' }).getByRole('listitem').filter({ hasText: title }),
  ).toContainText(`by ${IMG}`);
  await expectInert(page, 'the search results');

  expect(dialogs).toEqual([]);
  await authorContext.close();
});
