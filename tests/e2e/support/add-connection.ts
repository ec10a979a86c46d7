import type { Page } from 'playwright-core';

/** Adds a connection in Settings, as a person does, and closes Settings; it becomes the one in use. */
export async function addConnectionInSettings(page: Page, name: string, baseUrl: string, apiKey: string) {
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Add connection' }).click();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Base URL', { exact: true }).fill(baseUrl);
  await page.getByLabel('API key', { exact: true }).fill(apiKey);
  await page.getByRole('button', { name: 'Save connection' }).click();
  await page.keyboard.press('Escape');
}
