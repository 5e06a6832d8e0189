import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from '@playwright/test';
import sharp from 'sharp';
import { capture, isPhone, signUpByApi, test } from './support.js';

// Issue 21: import a recipe from a link. The page is served during the test by a local server under a name the e2e
// server may fetch on loopback (IMPORT_TEST_HOSTS in server.mjs); nothing leaves this machine.

const HOST = 'recipes.e2e.test';
let site: Server;
let port: number;
let photo: Buffer;

function recipePage(title: string): string {
  const recipe = {
    '@context': 'https://schema.org',
    '@type': 'Recipe',
    name: title,
    description: 'Tomatoes, smoked paprika and pasta in twenty minutes.',
    image: [`http://${HOST}:${port}/photo.jpg`],
    recipeYield: ['4', '4 servings'],
    prepTime: 'PT5M',
    cookTime: 'PT15M',
    recipeIngredient: ['400 g spaghetti', '1 tin chopped tomatoes', '1 tsp smoked paprika'],
    recipeInstructions: [
      {
        '@type': 'HowToSection',
        name: 'Sauce',
        itemListElement: [{ '@type': 'HowToStep', text: 'Simmer the tomatoes with the paprika.' }],
      },
      {
        '@type': 'HowToSection',
        name: 'Pasta',
        itemListElement: [{ '@type': 'HowToStep', text: 'Boil the spaghetti; toss with the sauce.' }],
      },
    ],
  };
  return `<!doctype html><html lang="en"><head><meta property="og:site_name" content="Example Kitchen"><script type="application/ld+json">${JSON.stringify(recipe)}</script></head><body><h1>${title}</h1></body></html>`;
}

test.beforeAll(async () => {
  photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#c2410c' } })
    .jpeg()
    .withExif({ IFD0: { Artist: 'Someone Else' } })
    .toBuffer();
  site = createServer((request, response) => {
    const title = new URL(request.url ?? '/', 'http://x').searchParams.get('title') ?? 'Smoky Tomato Pasta';
    if (request.url?.startsWith('/recipe')) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(recipePage(title));
    } else if (request.url === '/photo.jpg') {
      response.writeHead(200, { 'content-type': 'image/jpeg' });
      response.end(photo);
    } else {
      response.writeHead(404);
      response.end();
    }
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  port = (site.address() as AddressInfo).port;
});
test.afterAll(async () => {
  await new Promise((resolve) => site.close(resolve));
});

test('import a recipe from a link, review it, publish it, and see where it came from', async ({ page }, testInfo) => {
  await signUpByApi(page);
  const title = `Smoky Tomato Pasta ${isPhone(testInfo) ? 'Phone' : 'Desktop'} ${Date.now() % 100000}`;
  const address = `http://${HOST}:${port}/recipe?title=${encodeURIComponent(title)}`;
  await page.goto('/add-recipe');
  await page.getByRole('button', { name: 'Import from a link' }).click();
  const panel = page.getByRole('region', { name: 'Import from a link' });
  await panel.getByLabel('Address of the recipe page').fill(address);
  await capture(page, testInfo, 'import-panel');
  await panel.getByRole('button', { name: 'Import' }).click();

  await expect(page.getByLabel(/^Title/)).toHaveValue(title);
  await expect(page.getByLabel(/^Cooking time/)).toHaveValue('20');
  await expect(page.getByLabel(/^Servings/)).toHaveValue('4');
  await expect(page.getByLabel('Ingredient 3', { exact: true })).toHaveValue('1 tsp smoked paprika');
  await expect(page.getByLabel('Step 1', { exact: true })).toHaveValue('Sauce:');
  await expect(page.getByLabel('Step 4', { exact: true })).toHaveValue('Boil the spaghetti; toss with the sauce.');
  await expect(page.getByText(/Imported from Example Kitchen/)).toBeVisible();
  // The photo came through the server and is chosen like an upload.
  await expect(page.getByRole('img', { name: 'Preview of your upload' })).toBeVisible();
  await capture(page, testInfo, 'import-filled');

  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page).toHaveURL(/\/view-recipe\//);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const source = page.getByRole('link', { name: 'Example Kitchen' });
  await expect(source).toHaveAttribute('href', address);
  await expect(source).toHaveAttribute('rel', /nofollow/);
  await expect(source).toHaveAttribute('rel', /noopener/);
  await expect(page.getByText('Adapted from')).toBeVisible();
  await capture(page, testInfo, 'import-published');
});
