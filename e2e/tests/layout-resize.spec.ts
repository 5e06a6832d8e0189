import { MOBILE_BREAKPOINT_PX } from '@forkful/contracts';
import { expect } from '@playwright/test';
import { isPhone, openMenu, test } from './support.js';

const height = 800;
const widestPhone = { width: MOBILE_BREAKPOINT_PX, height };
const narrowestDesktop = { width: MOBILE_BREAKPOINT_PX + 1, height };

test('the header follows the window across 640 px, and an open menu closes when the window grows past it', async ({
  page,
}, testInfo) => {
  test.skip(isPhone(testInfo), 'a desktop window is resized; the phone project emulates a device');
  // includeHidden: the parts of the layout that CSS hides are still found, so "hidden" is checked, not assumed.
  const desktopNav = page.getByRole('navigation', { name: 'Main', includeHidden: true }).first();
  const menuButton = page.getByRole('button', { name: 'Open menu', includeHidden: true });
  const menu = page.getByRole('dialog', { name: 'Menu', includeHidden: true });

  await page.setViewportSize({ width: 1280, height });
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(desktopNav).toBeVisible();
  await expect(menuButton).toBeHidden();

  await page.setViewportSize(widestPhone);
  await expect(menuButton).toBeVisible();
  await expect(desktopNav).toBeHidden();
  await openMenu(page);
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true');

  // The desktop bar has no button to close the menu with, so growing past the phone layout closes it.
  await page.setViewportSize(narrowestDesktop);
  await expect(menu).toBeHidden();
  await expect(desktopNav).toBeVisible();
  await expect(menuButton).toBeHidden();
  // Nothing modal is left over the page: the desktop bar takes clicks again.
  await desktopNav.getByRole('link', { name: 'Recipes' }).click();
  await expect(page).toHaveURL(/\/recipes$/);

  // Back on a phone, the menu stays closed until asked for, and opens again.
  await page.setViewportSize(widestPhone);
  await expect(menuButton).toBeVisible();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeHidden();
  await openMenu(page);
});
