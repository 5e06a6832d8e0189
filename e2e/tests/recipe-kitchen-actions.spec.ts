import { expect, type Page } from '@playwright/test';
import { recipeByAnotherCook, signUpByApi, test } from './support.js';

// Issue 18: 'Add to meal plan' and 'Add to shopping list' on a recipe page come in one lazy chunk, for a logged-in cook
// only and only once the drawn page is running: the scripts the page asks for before its first paint are the same
// for a visitor and a cook, and none of them is the planner's or the list's.

const KITCHEN = /\/assets\/(view-recipe-kitchen-actions|shopping-list-api|plan-fields|servings-field)-[\w-]+\.js$/;

/** The scripts the server's HTML names (the entry and its modulepreloads), file names without their hashes. */
async function scriptsInHtml(page: Page, path: string): Promise<string[]> {
  const html = await (await page.request.get(path)).text();
  return [...html.matchAll(/<(?:script|link)\b[^>]*(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map(([, file]) =>
    (file ?? '').replace(/-[\w-]{8}\.js$/, '.js'),
  );
}

/** Every script the page requests, in order. */
function recordScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

test("the recipe page's first scripts are the same for a cook; the kitchen actions load after, for the cook only", async ({
  page,
  request,
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'script requests do not depend on the width');
  const recipe = await recipeByAnotherCook(request, 'Kitchen');
  const path = `/view-recipe/${recipe._id}`;

  const visitor = await browser.newPage();
  const visitorScripts = recordScripts(visitor);
  const visitorHtml = await scriptsInHtml(visitor, path);
  await visitor.goto(path);
  await expect(visitor.getByRole('heading', { level: 1, name: recipe.title })).toBeVisible();
  await expect(visitor.getByRole('button', { name: 'Save' })).toBeVisible();
  await visitor.waitForLoadState('networkidle');
  expect(visitorScripts.filter((script) => KITCHEN.test(script))).toEqual([]);
  await expect(visitor.getByRole('button', { name: 'Add to shopping list' })).toHaveCount(0);
  await visitor.close();

  await signUpByApi(page, { name: 'Kitchen Cook' });
  const cookScripts = recordScripts(page);
  const cookHtml = await scriptsInHtml(page, path);
  expect(cookHtml).toEqual(visitorHtml);
  expect(cookHtml.filter((script) => KITCHEN.test(script))).toEqual([]);
  await page.goto(path);
  await expect(page.getByRole('button', { name: 'Add to shopping list' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to meal plan' })).toBeVisible();
  // The kitchen chunk is asked for after every script the HTML named: it is not part of the first paint.
  const firstKitchen = cookScripts.findIndex((script) => KITCHEN.test(script));
  expect(firstKitchen).toBeGreaterThan(-1);
  const named = new Set(cookHtml);
  const lastNamed = cookScripts.findLastIndex((script) => named.has(script.replace(/-[\w-]{8}\.js$/, '.js')));
  expect(firstKitchen).toBeGreaterThan(lastNamed);
});
