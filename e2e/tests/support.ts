import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_CREDENTIALS } from '@forkful/contracts';
import { test as base, expect, type APIRequestContext, type Locator, type Page, type TestInfo } from '@playwright/test';
import sharp from 'sharp';

export const demo = DEMO_CREDENTIALS;
export const API = '/api/v1';
const shotsDir = fileURLToPath(new URL('../artifacts/screenshots', import.meta.url));
const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * After a page has loaded, until the app runs on it (html[data-app], set by the App once it has committed). A page's
 * scripts start only once its photo has been painted (docs/decisions/030), after the browser's load event, so a
 * journey that clicked at once could meet the drawn page before React has adopted it. Pages without the app's
 * scripts (an API answer) pass at once.
 */
async function untilAppRuns(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.documentElement.dataset.app === 'running' || !document.getElementById('app-scripts'),
  );
}

/** Playwright's `test`, with `page.goto` and `page.reload` waiting until the app runs (when JavaScript is on). */
export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      const waits = (options?: { waitUntil?: string }) => (options?.waitUntil ?? 'load') === 'load';
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        if (waits(options)) await untilAppRuns(page);
        return response;
      };
      page.reload = async (options) => {
        const response = await reload(options);
        if (waits(options)) await untilAppRuns(page);
        return response;
      };
    }
    await use(page);
  },
});

export const isPhone = (testInfo: TestInfo): boolean => testInfo.project.name === 'phone';

/** A fresh address per call, so journeys (and the two projects) never share an account. */
export function uniqueEmail(tag = 'cook'): string {
  return `e2e-${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 10)}@example.com`;
}

const randomWord = () => Math.random().toString(36).slice(2, 8);

/** A small real PNG (a coloured tile with a disc), made on the fly. */
export async function makePng(color: string, width = 480, height = 360): Promise<Buffer> {
  const disc = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="#fff8ee"/></svg>`,
  );
  return sharp({ create: { width, height, channels: 3, background: color } })
    .composite([{ input: disc }])
    .png()
    .toBuffer();
}

export const pngFile = async (name: string, color: string) => ({
  name,
  mimeType: 'image/png',
  buffer: await makePng(color),
});

/**
 * Scrolls an element into view. The element may first be the build-time prerendered landing page, which React
 * replaces when it mounts wherever it does not adopt it (docs/decisions/013: `/home`, a signed-in user); a detached
 * element is looked up again instead of failing the journey.
 */
export async function scrollIntoView(locator: Locator): Promise<void> {
  await expect(async () => {
    await locator.scrollIntoViewIfNeeded({ timeout: 2_000 });
  }).toPass();
}

/**
 * Waits until the screen has settled: no start-up loading screen, no skeletons, fonts ready and every image
 * (lazy ones included, so full-page screenshots show them) loaded.
 */
export async function settle(page: Page): Promise<void> {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: /^Loading…$/ })).toHaveCount(0);
  await page.evaluate(async () => {
    await document.fonts.ready;
    const images = Array.from(document.images);
    for (const image of images) if (image.loading === 'lazy') image.loading = 'eager';
    // decode() also makes Chromium paint images below the fold, which a full-page screenshot would show blank.
    const loaded = Promise.all(images.map((image) => image.decode().catch(() => undefined)));
    await Promise.race([loaded, new Promise((resolve) => setTimeout(resolve, 5000))]);
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
    // 'instant': the site scrolls smoothly, and a screenshot must not catch it halfway.
    window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' });
    await frame();
    await frame();
    window.scrollTo({ top: 0, behavior: 'instant' });
    await frame();
  });
}

/** Saves a full-page screenshot per project (desktop / phone) into the ignored artifacts folder. */
export async function screenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${testInfo.project.name}-${name}.png`), fullPage: true });
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/**
 * Runs axe-core on the current screen; serious and critical violations fail the test (softly, so one run reports
 * every screen). The page's CSP forbids inline scripts, so axe goes in through the DevTools protocol (evaluate)
 * rather than a <script> tag.
 */
export async function checkA11y(page: Page, name: string): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async (): Promise<AxeViolation[]> => {
    interface AxeResult {
      violations: Array<{
        id: string;
        impact: string | null;
        help: string;
        nodes: Array<{ target: unknown[]; failureSummary?: string }>;
      }>;
    }
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResult> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        help: violation.help,
        nodes: violation.nodes.slice(0, 5).map((node) => `${node.target.join(' ')} — ${node.failureSummary ?? ''}`),
      }));
  });
  expect.soft(violations, `axe: serious or critical violations on '${name}'`).toEqual([]);
}

/** Every screen a journey visits: settle, screenshot, and axe. */
export async function capture(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await settle(page);
  await screenshot(page, testInfo, name);
  await checkA11y(page, name);
  await checkNoSideScroll(page, name);
}

/** Nothing may stick out sideways (a long word, a wide table): the page must never scroll horizontally. */
export async function checkNoSideScroll(page: Page, name: string): Promise<void> {
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return null;
    const culprits = Array.from(document.querySelectorAll('body *'))
      .filter((element) => element.getBoundingClientRect().right > width + 0.5)
      .filter((element) => !Array.from(element.children).some((child) => child.getBoundingClientRect().right > width))
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${String(element.className)}`.slice(0, 120));
    return { scrollWidth: document.documentElement.scrollWidth, width, culprits };
  });
  expect.soft(overflow, `horizontal overflow on '${name}'`).toBeNull();
}

export interface Account {
  id: string;
  name: string;
  email: string;
  password: string;
}

/** Who calls the API: a page (sharing its browser's cookies) or a request context of its own. */
type Caller = Page | APIRequestContext;
const apiOf = (caller: Caller): APIRequestContext => ('request' in caller ? caller.request : caller);

/**
 * Signs a fresh cook up through the API. The caller keeps the session cookies: a page's browser context shares
 * them, so the page is logged in.
 */
export async function signUpByApi(caller: Caller, options: { name?: string; avatar?: Buffer } = {}): Promise<Account> {
  const name = options.name ?? `Cook ${randomWord()}`;
  const email = uniqueEmail();
  const password = `pw-${randomWord()}-secret`;
  const form = new FormData();
  form.append('name', name);
  form.append('email', email);
  form.append('password', password);
  if (options.avatar)
    form.append('avatar', new Blob([new Uint8Array(options.avatar)], { type: 'image/png' }), 'avatar.png');
  const response = await apiOf(caller).post(`${API}/users/register`, { multipart: form });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { data: { user: { _id: string } } };
  return { id: body.data.user._id, name, email, password };
}

export interface RecipeFields {
  title: string;
  introduction?: string;
  cookingTime?: number;
  ingredients?: string[];
  steps?: string[];
  isPublished?: boolean;
  photo?: Buffer;
}

/** Creates a recipe as the caller's logged-in user, through the API. Returns its id. */
export async function createRecipeByApi(caller: Caller, fields: RecipeFields): Promise<string> {
  const form = new FormData();
  form.append('title', fields.title);
  form.append('introduction', fields.introduction ?? 'Made by the end-to-end journeys.');
  form.append('cookingTime', String(fields.cookingTime ?? 20));
  for (const ingredient of fields.ingredients ?? ['1 test ingredient']) form.append('ingredients', ingredient);
  for (const step of fields.steps ?? ['Cook it.']) form.append('steps', step);
  form.append('isPublished', String(fields.isPublished ?? true));
  if (fields.photo)
    form.append('recipePhoto', new Blob([new Uint8Array(fields.photo)], { type: 'image/png' }), 'photo.png');
  const response = await apiOf(caller).post(`${API}/recipes/create-recipe`, { multipart: form });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { _id: string } }).data._id;
}

export interface JourneyRecipe {
  _id: string;
  title: string;
  author: Account;
  totalReviews: number;
}

/**
 * A journey's own recipe to look at: published, with a photo, by a fresh cook, and reviewed by `reviews` further
 * fresh cooks. Made through `request`, a context apart from the page's, so the page's user is not touched, and no
 * other journey knows the recipe, so none can change what this one counts on it.
 */
export async function recipeByAnotherCook(
  request: APIRequestContext,
  label: string,
  options: { reviews?: number } = {},
): Promise<JourneyRecipe> {
  const author = await signUpByApi(request, { name: `Author ${randomWord()}` });
  const title = recipeTitle(label);
  const id = await createRecipeByApi(request, { title, photo: await makePng('#b45309') });
  const reviews = options.reviews ?? 0;
  for (let index = 0; index < reviews; index++) {
    // Each sign-up logs the context in as the new cook.
    await signUpByApi(request, { name: `Reviewer ${randomWord()}` });
    const response = await request.post(`${API}/reviews/create/${id}`, {
      data: { rating: 5 - (index % 5), comment: `Made it for the journey, try ${index + 1}.` },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
  return { _id: id, title, author, totalReviews: reviews };
}

/** A unique recipe title (titles allow letters, digits, spaces, hyphen and slash only). */
export const recipeTitle = (label: string) => `E2E ${label} ${randomWord()}`;

/** The phone layout keeps navigation, account actions and search in a full-screen menu. */
export async function openMenu(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  return menu;
}

/** The scope holding the header's account actions: the bar on desktop, the opened menu on phones. */
async function accountScope(page: Page, testInfo: TestInfo): Promise<Page | Locator> {
  return isPhone(testInfo) ? openMenu(page) : page;
}

/** The visible search box; on phones the search button opens the menu with the box focused. */
export async function searchBox(page: Page, testInfo: TestInfo): Promise<Locator> {
  if (isPhone(testInfo)) {
    await page.getByRole('button', { name: 'Search recipes' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  }
  const box = page.getByRole('combobox', { name: 'Search recipes' });
  if (isPhone(testInfo)) await expect(box).toBeFocused();
  else await box.click();
  return box;
}

export async function expectLoggedIn(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  if (isPhone(testInfo)) {
    const menu = await openMenu(page);
    await expect(menu.getByRole('link', { name: new RegExp(`${escapeRegExp(name)}.*View profile`) })).toBeVisible();
    await menu.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu).toBeHidden();
  } else {
    await expect(page.getByRole('link', { name: `Your profile (${name})` })).toBeVisible();
  }
}

export async function expectLoggedOut(page: Page, testInfo: TestInfo): Promise<void> {
  const scope = await accountScope(page, testInfo);
  await expect(scope.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
  await expect(scope.getByRole('link', { name: 'Signup', exact: true })).toBeVisible();
  if (isPhone(testInfo)) await closeMenu(page);
}

export async function closeMenu(page: Page): Promise<void> {
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await menu.getByRole('button', { name: 'Close menu' }).click();
  await expect(menu).toBeHidden();
}

/** Opens the logged-in user's profile from the header (the menu on phones). */
export async function openOwnProfile(page: Page, testInfo: TestInfo): Promise<void> {
  if (isPhone(testInfo)) {
    const menu = await openMenu(page);
    await menu.getByRole('link', { name: /View profile/ }).click();
  } else {
    await page.getByRole('link', { name: /^Your profile/ }).click();
  }
  await expect(page).toHaveURL(/\/users\/profile\/[0-9a-f-]+$/);
}

/** Follows the header's Add recipe link (the menu on phones). */
export async function openAddRecipe(page: Page, testInfo: TestInfo): Promise<void> {
  const scope = await accountScope(page, testInfo);
  await scope.getByRole('link', { name: 'Add recipe' }).click();
  await expect(page).toHaveURL(/\/add-recipe$/);
}

export async function logOut(page: Page, testInfo: TestInfo): Promise<void> {
  const scope = await accountScope(page, testInfo);
  await scope.getByRole('button', { name: 'Logout' }).click();
  await expectLoggedOut(page, testInfo);
}

/** Fills the log-in form on /login and submits it. */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('textbox', { name: /^Email/ }).fill(email);
  await page
    .getByLabel(/^Password/, { exact: false })
    .and(page.locator('input'))
    .fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await submitLogin(page, email, password);
  await expect(page).toHaveURL(/\/$/);
}

/** The current user according to the API (null when logged out). */
export async function currentUser(page: Page): Promise<{ _id: string; name: string } | null> {
  const response = await page.request.get(`${API}/users/current`);
  if (response.status() === 401) return null;
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { user: { _id: string; name: string } } }).data.user;
}

/** Whether the page's user has saved the recipe, according to the API (null if the call fails). */
export async function isSavedByApi(page: Page, recipeId: string): Promise<boolean | null> {
  const response = await page.request.get(`${API}/recipes/${recipeId}/check-saved`);
  if (!response.ok()) return null;
  return ((await response.json()) as { data: { isSaved: boolean } }).data.isSaved;
}

/** Picks a star rating in a review form the way a person does: by clicking the star. */
export async function rate(form: Locator, stars: number): Promise<void> {
  const star = form.getByRole('radio', { name: `${stars} star${stars === 1 ? '' : 's'}`, exact: true });
  await star.click();
  await expect(star).toBeChecked();
}

/** Accepts every alert/confirm and remembers its text, so a journey can assert what the app said. */
export function collectDialogs(page: Page): string[] {
  const messages: string[] = [];
  page.on('dialog', (dialog) => {
    messages.push(dialog.message());
    void dialog.accept();
  });
  return messages;
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Watches a page that React should adopt rather than redraw (docs/decisions/013, 014), from before any of its own
 * scripts run: its uncaught exceptions (React reports a failed adoption as one) and console errors, each main
 * heading that leaves the document, and whether the server's drawing (`#page-shell`) was on screen once parsed.
 */
export async function watchAdoption(page: Page): Promise<{ exceptions: string[]; errors: string[] }> {
  const watched = { exceptions: [] as string[], errors: [] as string[] };
  page.on('pageerror', (error) => watched.exceptions.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') watched.errors.push(message.text());
  });
  await page.addInitScript(() => {
    const state = window as unknown as { removedHeadings: number; serverDrawing: string };
    state.removedHeadings = 0;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of Array.from(record.removedNodes)) {
          if (node instanceof Element && (node.matches('h1') || node.querySelector('h1'))) state.removedHeadings++;
        }
      }
    }).observe(document, { childList: true, subtree: true });
    // Read before the app's first render can replace it.
    document.addEventListener('DOMContentLoaded', () => {
      const shell = document.getElementById('page-shell');
      state.serverDrawing = shell ? getComputedStyle(shell).display : 'absent';
    });
  });
  return watched;
}

/** How many times a main heading left the document since `watchAdoption`. */
export const removedHeadings = (page: Page): Promise<number> =>
  page.evaluate(() => (window as unknown as { removedHeadings: number }).removedHeadings);

/** The server drawing's CSS display once the document was parsed ('absent' when the page had none). */
export const serverDrawingDisplay = (page: Page): Promise<string | undefined> =>
  page.evaluate(() => (window as unknown as { serverDrawing?: string }).serverDrawing);

/**
 * Issue 17: gives a recipe a servings count and a yield through the edit call (which keeps every other field as
 * sent), as its author.
 */
export async function setServingsByApi(
  caller: Caller,
  recipeId: string,
  servings: number | null,
  yieldText: string | null = null,
): Promise<void> {
  const api = apiOf(caller);
  const read = await api.get(`${API}/recipes/${recipeId}/view-recipe`);
  expect(read.status(), await read.text()).toBe(200);
  const { data: recipe } = (await read.json()) as {
    data: {
      title: string;
      introduction: string;
      cookingTime: number;
      ingredients: string[];
      steps: string[];
      isPublished: boolean;
    };
  };
  const response = await api.patch(`${API}/recipes/${recipeId}/update-recipe`, {
    data: {
      title: recipe.title,
      introduction: recipe.introduction,
      cookingTime: String(recipe.cookingTime),
      ingredients: recipe.ingredients,
      steps: recipe.steps,
      isPublished: recipe.isPublished,
      servings,
      yieldText,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
}
