import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser';
import { useServiceAndBrowser } from './support/service-and-browser';

// Issue 13 in real Chromium against `npm start`: Regenerate keeps every reply of a turn, an edited
// message resent is a branch beside the original, and both survive a reload (the tree is saved).
const e2e = useServiceAndBrowser();

const transcriptRows = (page: Page) => page.getByRole('list', { name: 'Transcript' }).locator(':scope > li');
const version = (page: Page, n: number) =>
  transcriptRows(page)
    .nth(n - 1)
    .getByTestId('version-position')
    .innerText();

async function openChat() {
  const page = await e2e.browser.newPage({ viewport: { width: 1360, height: 860 } });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(new URL('/chat', e2e.service.url).href);
  await page.getByRole('textbox', { name: 'Message', exact: true }).waitFor();
  return { page, errors };
}

const settled = (page: Page) =>
  expect
    .poll(() => transcriptRows(page).last().getAttribute('data-status'), { timeout: 120_000 })
    .toBe('complete');

async function talk(page: Page, text: string) {
  const box = page.getByRole('textbox', { name: 'Message', exact: true });
  await box.fill(text);
  await box.press('Enter');
  await expect.poll(() => transcriptRows(page).last().getAttribute('data-role')).toBe('assistant');
  await settled(page);
}

describe('versions and branches', () => {
  it('regenerates twice and steps back to the first reply, which a reload keeps', async () => {
    const { page, errors } = await openChat();
    await talk(page, 'Name a colour');
    const first = await transcriptRows(page).nth(1).getAttribute('data-message-id');
    for (let i = 0; i < 2; i++) {
      await page.getByRole('button', { name: 'Regenerate' }).click();
      await expect.poll(() => version(page, 2).catch(() => '')).toBe(`Version ${i + 2} of ${i + 2}`);
      await settled(page);
    }
    const previous = page.getByRole('button', { name: 'Previous version of message 2' });
    await previous.click();
    await previous.click();
    await expect.poll(() => version(page, 2)).toBe('Version 1 of 3');
    expect(await transcriptRows(page).nth(1).getAttribute('data-message-id')).toBe(first);
    await screenshot(page, 'versions-regenerated');
    // Saved as a tree: the reload shows the version chosen, and the others are still there.
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/chat\/.+/);
    // The autosaver writes within 500 ms of a change (its longest wait); give it that and more.
    await page.waitForTimeout(800);
    await page.reload();
    await expect.poll(() => version(page, 2).catch(() => '')).toBe('Version 1 of 3');
    expect(await transcriptRows(page).nth(1).getAttribute('data-message-id')).toBe(first);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('edits an earlier message and resends it: both branches are reachable', async () => {
    const { page, errors } = await openChat();
    await talk(page, 'First question');
    await talk(page, 'Second question');
    await transcriptRows(page).nth(2).getByRole('button', { name: 'Edit' }).click();
    const box = page.getByRole('textbox', { name: 'Message text' });
    await box.fill('Second question, put another way');
    await page.getByRole('button', { name: 'Save and resend' }).click();
    await expect.poll(() => version(page, 3).catch(() => '')).toBe('Version 2 of 2');
    await settled(page);
    await expect.poll(() => transcriptRows(page).nth(2).innerText()).toContain('put another way');
    await page.getByRole('button', { name: 'Previous version of message 3' }).click();
    await expect.poll(() => transcriptRows(page).nth(2).innerText()).toContain('Second question');
    expect(await transcriptRows(page).nth(2).innerText()).not.toContain('put another way');
    expect(await transcriptRows(page).count()).toBe(4);
    await page.getByRole('button', { name: 'Next version of message 3' }).click();
    await expect.poll(() => transcriptRows(page).nth(2).innerText()).toContain('put another way');
    expect(errors).toEqual([]);
    await page.close();
  });
});
