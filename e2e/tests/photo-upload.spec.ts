import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { API, capture, createRecipeByApi, makePng, recipeTitle, signUpByApi, test } from './support.js';

// Issue 16, items 4 and 5: the Edit Photo tab's states are honest and its delete is safe; a large phone photo is
// resized before it is sent, keeping its orientation, and an upload can be stopped on its way.

interface RecipePhotoState {
  recipePhoto: string | null;
  recipePhotoVariants: Array<{ width: number; url: string }>;
}

interface SentPhoto {
  name: string;
  type: string;
  size: number;
}

async function photoOf(page: Page, id: string): Promise<RecipePhotoState> {
  const response = await page.request.get(`${API}/recipes/${id}/view-recipe`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: RecipePhotoState }).data;
}

/** A camera-like JPEG: noisy (so it is large), stored landscape with an EXIF turn that shows it portrait. */
function phonePhoto(width: number, height: number, orientation?: number): Promise<Buffer> {
  const image = sharp({
    create: { width, height, channels: 3, background: '#b45309', noise: { type: 'gaussian', mean: 120, sigma: 40 } },
  }).jpeg({ quality: 92 });
  return (orientation ? image.withMetadata({ orientation }) : image).toBuffer();
}

async function openEditPhoto(page: Page, id: string) {
  await page.goto(`/edit-recipe/${id}`);
  await page.getByRole('tab', { name: 'Edit Photo' }).click();
  return page.getByRole('tabpanel', { name: 'Edit Photo' });
}

test('Edit Photo: Save waits for a new photo, and Delete photo asks before it deletes', async ({ page }, testInfo) => {
  await signUpByApi(page);
  const title = recipeTitle('Photo States');
  const id = await createRecipeByApi(page, { title, photo: await makePng('#3f7d4e') });
  const panel = await openEditPhoto(page, id);
  await expect(panel.getByRole('img', { name: title })).toBeVisible();
  const save = panel.getByRole('button', { name: 'Save', exact: true });
  await expect(save).toBeDisabled();
  await expect(panel.getByText('Choose a new photo to replace this one, then save.')).toBeVisible();
  await capture(page, testInfo, '16-edit-photo');

  await panel.getByRole('button', { name: 'Delete photo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this photo?' });
  await expect(dialog).toBeVisible();
  await capture(page, testInfo, '16-edit-photo-delete-confirm');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect((await photoOf(page, id)).recipePhoto).not.toBeNull();

  await panel.getByRole('button', { name: 'Delete photo' }).click();
  await dialog.getByRole('button', { name: 'Delete photo' }).click();
  await expect(panel.getByRole('status').filter({ hasText: 'Photo deleted.' })).toBeVisible();
  expect((await photoOf(page, id)).recipePhoto).toBeNull();
  // With no photo left, Save is there to be pressed, and says what it needs (spec section 5).
  await expect(panel.getByText('Photo not available')).toBeVisible();
  await save.click();
  await expect(panel.getByText('Photo is required')).toBeVisible();
});

test('a large portrait phone photo is sent resized to 1280 px wide, still portrait', async ({ page }) => {
  // What the page hands to the network: the file of each multipart upload (Playwright sees no file-backed bodies).
  await page.addInitScript(() => {
    const sentPhotos: SentPhoto[] = [];
    (window as unknown as { sentPhotos: typeof sentPhotos }).sentPhotos = sentPhotos;
    const send = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.send = function (body) {
      const photo = body instanceof FormData ? body.get('recipePhoto') : null;
      if (photo instanceof File) sentPhotos.push({ name: photo.name, type: photo.type, size: photo.size });
      send.call(this, body);
    };
  });
  await signUpByApi(page);
  const id = await createRecipeByApi(page, { title: recipeTitle('Big Photo') });
  // 4000 x 3000 stored, shown 3000 x 4000 (EXIF orientation 6: turned a quarter clockwise).
  const original = await phonePhoto(4000, 3000, 6);
  expect(original.length).toBeGreaterThan(2_500_000);
  const panel = await openEditPhoto(page, id);
  await panel
    .getByLabel('Upload photo')
    .setInputFiles({ name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: original });
  await expect(panel.getByRole('img', { name: 'Preview of your upload' })).toBeVisible();

  const sent = page.waitForRequest((request) => request.url().endsWith(`/recipes/${id}/update-recipe-photo`));
  await panel.getByRole('button', { name: 'Save', exact: true }).click();
  await sent;
  const sentPhotos = await page.evaluate(() => (window as unknown as { sentPhotos: SentPhoto[] }).sentPhotos);
  expect(sentPhotos).toMatchObject([{ name: 'IMG_2041.webp', type: 'image/webp' }]);
  expect(sentPhotos[0]!.size).toBeLessThan(original.length / 3);
  await expect(panel.getByRole('status').filter({ hasText: 'Photo saved.' })).toBeVisible();

  const { recipePhotoVariants } = await photoOf(page, id);
  const largest = recipePhotoVariants.reduce((a, b) => (b.width > a.width ? b : a));
  const stored = await sharp(await (await page.request.get(largest.url)).body()).metadata();
  expect({ width: stored.width, height: stored.height }).toEqual({ width: 1280, height: 1707 });
});

test('Cancel upload stops a slow upload: the recipe keeps its photo', async ({ page }, testInfo) => {
  await signUpByApi(page);
  const title = recipeTitle('Slow Upload');
  const id = await createRecipeByApi(page, { title, photo: await makePng('#e0a526') });
  const before = (await photoOf(page, id)).recipePhoto;
  const panel = await openEditPhoto(page, id);
  // A slow phone connection: 64 KB/s up. The photo is not wider than 1280 px, so it goes as it is (about 3 MB).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 40,
    downloadThroughput: -1,
    uploadThroughput: 64 * 1024,
  });
  await panel
    .getByLabel('Change photo')
    .setInputFiles({ name: 'slow.jpg', mimeType: 'image/jpeg', buffer: await phonePhoto(1280, 1700) });
  await expect(panel.getByRole('img', { name: 'Preview of your upload' })).toBeVisible();
  await panel.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(panel.getByText('Uploading photo…')).toBeVisible();
  await expect(panel.getByRole('progressbar', { name: 'Uploading photo' })).toBeVisible();
  await capture(page, testInfo, '16-edit-photo-uploading');
  await panel.getByRole('button', { name: 'Cancel upload' }).click();
  await expect(panel.getByRole('status').filter({ hasText: 'Upload cancelled.' })).toBeVisible();
  await expect(panel.getByRole('progressbar')).toHaveCount(0);
  await expect(panel.getByRole('alert')).toHaveCount(0);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  // Give a request that had wrongly gone on the time to land before looking.
  await page.waitForTimeout(1000);
  expect((await photoOf(page, id)).recipePhoto).toBe(before);
});
