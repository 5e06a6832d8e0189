import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_CREDENTIALS } from '@forkful/contracts';
import { expect, type Page, type TestInfo } from '@playwright/test';

export const demo = DEMO_CREDENTIALS;
const shotsDir = fileURLToPath(new URL('../artifacts/screenshots', import.meta.url));

/** Saves a full-page screenshot per project (desktop / phone) into the ignored artifacts folder. */
export async function screenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${testInfo.project.name}-${name}.png`), fullPage: true });
}

export async function logInAsDemo(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: /^Email/ }).fill(demo.email);
  await page
    .getByLabel(/^Password/, { exact: false })
    .and(page.locator('input'))
    .fill(demo.password);
  await page.getByRole('button', { name: /log ?in/i }).click();
  await expect(page).toHaveURL(/\/$/);
}
