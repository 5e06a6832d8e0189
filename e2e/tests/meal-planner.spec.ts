import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  API,
  capture,
  checkA11y,
  createRecipeByApi,
  logIn,
  recipeTitle,
  settle,
  signUpByApi,
  test,
} from './support.js';

// Issue 18's 'Done when': a cook plans a week on a phone, subscribes the calendar, builds the list, goes offline,
// ticks everything, comes back online and sees it synced on the desktop. One journey that drives both widths itself
// (a 375 px phone page and a 1280 px desktop context of the same cook), so it runs once, in the phone project.

const shotsDir = fileURLToPath(new URL('../artifacts/screenshots', import.meta.url));

async function desktopShot(page: Page, name: string): Promise<void> {
  await settle(page);
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: `${shotsDir}/desktop-${name}.png`, fullPage: true });
  await checkA11y(page, `desktop ${name}`);
}

/** The slot's list of entries, e.g. ('Monday', 'dinner'). */
const cell = (page: Page, day: string, slot: string) =>
  page.getByRole('region', { name: new RegExp(`^${day}`) }).getByRole('list', { name: new RegExp(`${slot}$`) });

/** A recipe written for a number of servings (createRecipeByApi sends none), so the list can scale it. */
async function createRecipeWithServings(
  request: APIRequestContext,
  fields: { title: string; servings: number; ingredients: string[] },
): Promise<string> {
  const form = new FormData();
  form.append('title', fields.title);
  form.append('introduction', 'Made by the end-to-end journeys.');
  form.append('cookingTime', '30');
  form.append('servings', String(fields.servings));
  for (const ingredient of fields.ingredients) form.append('ingredients', ingredient);
  form.append('steps', 'Cook it.');
  form.append('isPublished', 'true');
  const response = await request.post(`${API}/recipes/create-recipe`, { multipart: form });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { _id: string } }).data._id;
}

/** Waits until the service worker controls the page and has taken the app shell. */
async function serviceWorkerReady(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker?.controller?.state ?? null), { timeout: 30_000 })
    .toBe('activated');
}

test('a cook plans a week on a phone, subscribes, shops offline, and the desktop sees it synced', async ({
  page,
  request,
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'one journey drives both widths');
  test.setTimeout(240_000);

  // Two recipes by another cook with ingredients that merge (flour) and that do not.
  await signUpByApi(request, { name: 'Planner Author' });
  const soup = recipeTitle('Plan Soup');
  const bread = recipeTitle('Plan Bread');
  const soupId = await createRecipeByApi(request, { title: soup, ingredients: ['500 g flour', '2 onions'] });
  const breadId = await createRecipeByApi(request, { title: bread, ingredients: ['250 g flour', '1 tsp salt'] });
  // A stew for 2, added to the list from its own page for 6.
  const stew = recipeTitle('Plan Stew');
  const stewId = await createRecipeWithServings(request, {
    title: stew,
    servings: 2,
    ingredients: ['400 g rice', '2 carrots'],
  });

  const cook = await signUpByApi(page, { name: 'Phone Cook' });
  // Bread is in the cook's Saved Recipes.
  expect((await page.request.post(`${API}/recipes/${breadId}/save-recipe`)).ok()).toBe(true);

  // The planner from the phone menu's kitchen links.
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page
    .getByRole('dialog', { name: 'Menu' })
    .getByRole('navigation', { name: 'Your kitchen' })
    .getByRole('link', { name: 'Meal planner' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Meal planner' })).toBeVisible();
  const days = page.getByRole('main').getByRole('region');
  await expect(days).toHaveCount(7);
  await expect(days.first()).toHaveAccessibleName(/^Monday/);

  // Monday dinner: Soup found by title, for 4.
  await page.getByRole('button', { name: /^Add to Monday.*dinner$/ }).click();
  let dialog = page.getByRole('dialog');
  await dialog.getByRole('spinbutton', { name: /Servings/ }).fill('4');
  await dialog.getByRole('searchbox', { name: 'Recipe title' }).fill(soup.split(' ').at(-1) ?? soup);
  await dialog.getByRole('button', { name: soup }).click();
  await expect(cell(page, 'Monday', 'dinner').getByRole('link', { name: soup })).toBeVisible();
  await expect(cell(page, 'Monday', 'dinner')).toContainText('4 servings');

  // Tuesday lunch: Bread from Saved Recipes.
  await page.getByRole('button', { name: /^Add to Tuesday.*lunch$/ }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByRole('tab', { name: 'Saved recipes' }).click();
  await dialog.getByRole('list', { name: 'Saved recipes' }).getByRole('button', { name: bread }).click();
  await expect(cell(page, 'Tuesday', 'lunch').getByRole('link', { name: bread })).toBeVisible();

  // Wednesday dinner: a note, then moved to Thursday with the phone's menu.
  await page.getByRole('button', { name: /^Add to Wednesday.*dinner$/ }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByRole('tab', { name: 'Note' }).click();
  await dialog.getByRole('textbox', { name: 'Note' }).fill('Leftovers');
  await dialog.getByRole('button', { name: 'Add note' }).click();
  await expect(cell(page, 'Wednesday', 'dinner')).toContainText('Leftovers');
  await page.getByRole('button', { name: 'Options for Leftovers' }).click();
  dialog = page.getByRole('dialog', { name: 'Leftovers' });
  const thursday = await dialog.getByRole('combobox', { name: 'Day' }).locator('option').nth(3).getAttribute('value');
  await dialog.getByRole('combobox', { name: 'Day' }).selectOption(thursday ?? '');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(cell(page, 'Thursday', 'dinner')).toContainText('Leftovers');
  await expect(page.getByRole('region', { name: /^Wednesday/ })).not.toContainText('Leftovers');
  await capture(page, testInfo, '18-meal-planner');

  // Meal times: dinner at 19:00 in the calendar instead of 18:30.
  await page.getByRole('button', { name: 'Meal times' }).click();
  dialog = page.getByRole('dialog', { name: 'Meal times' });
  await expect(dialog.getByLabel('Dinner')).toHaveValue('18:30');
  await dialog.getByLabel('Dinner').fill('19:00');
  await capture(page, testInfo, '18-meal-times');
  await dialog.getByRole('button', { name: 'Save times' }).click();
  await expect(page.getByText(/^Meal times saved/)).toBeVisible();

  // The calendar feed: a secret link that serves the plan as iCalendar without a login.
  await page.getByRole('button', { name: 'Calendar link' }).click();
  dialog = page.getByRole('dialog', { name: 'Calendar feed' });
  const feedUrl = await dialog.getByRole('textbox', { name: 'Calendar link' }).inputValue();
  await expect(dialog.getByRole('link', { name: 'Subscribe' })).toHaveAttribute('href', /^webcal:\/\//);
  await checkA11y(page, 'phone calendar link');
  const feed = await (await browser.newContext()).request.get(feedUrl);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toContain('text/calendar');
  const ics = await feed.text();
  expect(ics).toContain('BEGIN:VCALENDAR');
  expect(ics).toContain(soup);
  // Monday's dinner (and Thursday's note) at the new time; nothing left at the old one.
  expect(ics).toMatch(/DTSTART[^:\r\n]*:\d{8}T190000/);
  expect(ics).not.toMatch(/T183000/);
  await dialog.getByRole('button', { name: 'Close' }).click();

  // A recipe page offers both kitchen actions beside Save (the dialog looked at only; the desktop adds it below).
  await page.goto(`/view-recipe/${stewId}`);
  await page.getByRole('button', { name: 'Add to shopping list' }).click();
  dialog = page.getByRole('dialog', { name: 'Add to shopping list' });
  await expect(dialog.getByRole('spinbutton', { name: 'Servings' })).toHaveValue('2');
  await capture(page, testInfo, '18-recipe-add-to-list');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: 'Add to meal plan' })).toBeVisible();

  // The shopping list from this week's plan: flour from both recipes on one line, naming both.
  await page.goto('/shopping-list');
  await page.getByRole('button', { name: 'Add this week' }).click();
  const flour = page.getByRole('listitem').filter({ has: page.getByRole('checkbox', { name: /flour/i }) });
  await expect(flour).toHaveCount(1);
  await expect(flour.getByRole('link', { name: soup })).toBeVisible();
  await expect(flour.getByRole('link', { name: bread })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /onion/i })).toBeVisible();
  await capture(page, testInfo, '18-shopping-list');
  // 'Add a recipe…' on the list: the planner's chooser (title search or Saved Recipes) with servings; looked at only.
  await page.getByRole('button', { name: 'Add a recipe…' }).click();
  dialog = page.getByRole('dialog', { name: 'Add a recipe to the list' });
  await dialog.getByRole('tab', { name: 'Saved recipes' }).click();
  await expect(dialog.getByRole('list', { name: 'Saved recipes' }).getByRole('button', { name: bread })).toBeVisible();
  await capture(page, testInfo, '18-shopping-list-add-recipe');
  await dialog.getByRole('button', { name: 'Close' }).click();
  const lineCount = await page.getByRole('checkbox').count();
  expect(lineCount).toBeGreaterThanOrEqual(3);

  // Installed: the worker controls the page; one reload online lets it keep the cook's list for offline reading.
  await serviceWorkerReady(page);
  await page.reload();
  await expect(page.getByRole('checkbox', { name: /flour/i })).toBeVisible();

  // Offline in the shop: the list still opens (from the worker), every line is ticked, a line is added.
  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Shopping list' })).toBeVisible();
  await expect(page.getByText('Offline — showing what was saved on this device')).toBeVisible();
  await expect(page.getByText(/You are offline/)).toBeVisible();
  // What it reads is the cook's own copy: one API cache, named after the cook, holding the list.
  const kept = await page.evaluate(async (id) => {
    const names = (await caches.keys()).filter((name) => name.startsWith('forkful-api-'));
    const list = await caches.match('/api/v1/shopping-list', { cacheName: `forkful-api-${id}` });
    return { names, hasList: list !== undefined };
  }, cook.id);
  expect(kept).toEqual({ names: [`forkful-api-${cook.id}`], hasList: true });
  for (const box of await page.getByRole('checkbox').all()) await box.check();
  await page.getByRole('textbox', { name: 'New line' }).fill('Dish soap');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByRole('checkbox', { name: 'Dish soap' })).not.toBeChecked();
  await expect(page.getByText(`${lineCount + 1} changes wait to be sent.`)).toBeVisible();
  await capture(page, testInfo, '18-shopping-list-offline');
  // Nothing reached the server while offline (page.request shares the cook's cookies, not the page's network).
  const serverList = (await (await page.request.get(`${API}/shopping-list`)).json()) as {
    data: { items: Array<{ text: string; checked: boolean }> };
  };
  expect(serverList.data.items.filter((item) => item.checked)).toEqual([]);
  expect(serverList.data.items.map((item) => item.text)).not.toContain('Dish soap');

  // Back online: the queue goes out in order, once.
  await page.context().setOffline(false);
  await expect(page.getByText(/changes? wait|Saving \d/)).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByText(`${lineCount} of ${lineCount + 1} ticked`)).toBeVisible();

  // The desktop, same cook: everything ticked, the new line there once.
  const desktop = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const deskPage = await desktop.newPage();
  await logIn(deskPage, cook.email, cook.password);
  await deskPage.getByRole('navigation', { name: 'Your kitchen' }).getByRole('link', { name: 'Shopping list' }).click();
  await expect(deskPage.getByRole('checkbox', { name: 'Dish soap' })).toHaveCount(1);
  await expect(deskPage.getByRole('checkbox', { name: /flour/i })).toBeChecked();
  await expect(deskPage.getByText(`${lineCount} of ${lineCount + 1} ticked`)).toBeVisible();
  await desktopShot(deskPage, '18-shopping-list');

  // The desktop planner shows the phone's week; the keyboard moves an entry to the next day (pick up, arrow down, drop).
  await deskPage.getByRole('link', { name: 'Meal planner' }).first().click();
  await expect(cell(deskPage, 'Monday', 'dinner').getByRole('link', { name: soup })).toBeVisible();
  await desktopShot(deskPage, '18-meal-planner');
  // The meal times saved on the phone.
  await deskPage.getByRole('button', { name: 'Meal times' }).click();
  const times = deskPage.getByRole('dialog', { name: 'Meal times' });
  await expect(times.getByLabel('Dinner')).toHaveValue('19:00');
  await desktopShot(deskPage, '18-meal-times');
  await times.getByRole('button', { name: 'Cancel' }).click();
  // The arrow keys are listened to once the entry is picked up (its handle is then pressed).
  const handle = deskPage.getByRole('button', { name: `Move ${soup}` });
  await handle.focus();
  await deskPage.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  // An arrow moves the entry only once dnd-kit has measured the cells (it then says the entry is over Monday) and has
  // started listening for keys (a timer after the pick-up): a key pressed before either is lost, as it was once on a
  // loaded CI machine. So: wait for Monday, press, and press again only while the entry is still over Monday (a
  // second press after a move would take it on to Wednesday and fail below).
  const overMonday = deskPage.getByText(`${soup} is over Monday`);
  const overTuesday = deskPage.getByText(`${soup} is over Tuesday`);
  await expect(overMonday).toBeAttached();
  await expect(async () => {
    if ((await overMonday.count()) > 0) await deskPage.keyboard.press('ArrowDown');
    await expect(overTuesday).toBeAttached({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  // Dropped only once the planner has said where it is (a fixed wait lost the race on a loaded machine: the entry
  // was dropped back on Monday).
  await deskPage.keyboard.press('Space');
  await expect(handle).not.toHaveAttribute('aria-pressed', 'true');
  await expect(cell(deskPage, 'Tuesday', 'dinner').getByRole('link', { name: soup })).toBeVisible();
  await deskPage.reload();
  await expect(cell(deskPage, 'Tuesday', 'dinner').getByRole('link', { name: soup })).toBeVisible();

  // 'Add to meal plan' on the recipe page.
  await deskPage.goto(`/view-recipe/${soupId}`);
  await deskPage.getByRole('button', { name: 'Add to meal plan' }).click();
  const add = deskPage.getByRole('dialog', { name: 'Add to meal plan' });
  await add.getByRole('combobox', { name: 'Meal' }).selectOption('lunch');
  await add.getByRole('spinbutton', { name: 'Servings' }).fill('2');
  await add.getByRole('button', { name: 'Add to plan' }).click();
  await expect(deskPage.getByText(/^Planned for .*lunch\./)).toBeVisible();
  await desktopShot(deskPage, '18-recipe-added-to-plan');

  // 'Add to shopping list' on a recipe page: the stew (for 2) at 6 servings, its lines three times over.
  await deskPage.goto(`/view-recipe/${stewId}`);
  await deskPage.getByRole('button', { name: 'Add to shopping list' }).click();
  const toList = deskPage.getByRole('dialog', { name: 'Add to shopping list' });
  await expect(toList.getByRole('spinbutton', { name: 'Servings' })).toHaveValue('2');
  await toList.getByRole('spinbutton', { name: 'Servings' }).fill('6');
  await desktopShot(deskPage, '18-recipe-add-to-list');
  await toList.getByRole('button', { name: 'Add to list' }).click();
  await expect(deskPage.getByText(`${stew}: 2 lines added to the shopping list.`)).toBeVisible();
  await desktopShot(deskPage, '18-recipe-added-to-list');
  await deskPage.getByRole('link', { name: 'Open the shopping list' }).click();
  const rice = deskPage.getByRole('listitem').filter({ has: deskPage.getByRole('checkbox', { name: /rice/i }) });
  await expect(rice.getByRole('checkbox')).toHaveAccessibleName(/1\.2 kg rice|1200 g rice/i);
  await expect(rice.getByRole('link', { name: stew })).toBeVisible();
  await expect(deskPage.getByRole('checkbox', { name: /6 carrots/i })).not.toBeChecked();

  // 'Add a recipe…' on the list: Bread from Saved Recipes; its lines start new unticked lines beside the ticked ones.
  await deskPage.getByRole('button', { name: 'Add a recipe…' }).click();
  const addRecipe = deskPage.getByRole('dialog', { name: 'Add a recipe to the list' });
  await addRecipe.getByRole('tab', { name: 'Saved recipes' }).click();
  await expect(
    addRecipe.getByRole('list', { name: 'Saved recipes' }).getByRole('button', { name: bread }),
  ).toBeVisible();
  await desktopShot(deskPage, '18-shopping-list-add-recipe');
  await addRecipe.getByRole('list', { name: 'Saved recipes' }).getByRole('button', { name: bread }).click();
  await expect(deskPage.getByText(`${bread}: 2 lines added to the shopping list`)).toBeVisible();
  await expect(deskPage.getByRole('checkbox', { name: /salt/i })).toHaveCount(2);
  await expect(deskPage.getByRole('checkbox', { name: /salt/i }).and(deskPage.locator(':not(:checked)'))).toHaveCount(
    1,
  );
  await desktopShot(deskPage, '18-shopping-list-recipe-added');
  await desktop.close();

  // Logging out on the phone deletes the cook's offline copies.
  await page.goto('/shopping-list');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Logout' }).click();
  await expect
    .poll(() => page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('forkful-api-'))))
    .toEqual([]);
});
