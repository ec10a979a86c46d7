import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser';
import { useServiceAndBrowser } from './support/service-and-browser';

// The compare page end to end in real Chromium against `npm start`: run three variants, continue one
// in chat, come back, reload, and see the layout on a desktop and on a phone.
const env = useServiceAndBrowser({ SVC_REFERENCE_TOKENS_PER_SECOND: '300' });

const cells = (page: Page) => page.getByRole('article');
const statuses = (page: Page) =>
  cells(page).evaluateAll((all) => all.map((a) => a.getAttribute('data-status')));

/**
 * The whole page in one picture: the app scrolls inside its main element, so a full-page screenshot
 * alone shows one screen; the viewport grows to the content's height for the shot, then goes back.
 */
async function wholePage(page: Page, name: string) {
  const viewport = page.viewportSize()!;
  const height = await page.evaluate(() => {
    const main = document.querySelector('main')!;
    return document.documentElement.scrollHeight - main.clientHeight + main.scrollHeight;
  });
  await page.setViewportSize({ width: viewport.width, height: Math.max(viewport.height, height) });
  await screenshot(page, name);
  await page.setViewportSize(viewport);
}

async function fill(row: Locator, label: string, value: string) {
  const field = row.getByLabel(label, { exact: true });
  await field.fill(value);
  await field.blur();
}

describe('compare page', () => {
  it('runs two temperatures and the reasoner, continues the middle cell in chat, and finds the comparison after a reload', async () => {
    const page = await env.browser.newPage({ viewport: { width: 1440, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(new URL('/compare', env.service.url).href);
    await page.getByRole('heading', { name: 'Compare' }).waitFor();
    await page
      .getByRole('textbox', { name: /^Message/ })
      .fill('Explain what a context window is, in three sentences.');

    // The page starts with temperature 0 and 1; a third variant runs the reasoner.
    await page.getByRole('button', { name: 'Add variant' }).click();
    const third = page.getByRole('listitem', { name: 'Variant 3' });
    await third.getByLabel('Model', { exact: true }).fill('svc-reasoner');
    for (const name of ['Variant 1', 'Variant 2'])
      await fill(page.getByRole('listitem', { name }), 'max_tokens', '80');
    // The reasoner thinks first: room for its reasoning and a reply.
    await fill(third, 'max_tokens', '300');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect
      .poll(() => statuses(page), { timeout: 120_000 })
      .toEqual(['complete', 'complete', 'complete']);
    expect(await cells(page).nth(2).innerText()).toMatch(/Reasoning \(\d+ tokens\)/);
    await page.getByRole('button', { name: 'Diff two replies' }).click();
    await page.getByRole('region', { name: 'Diff' }).getByRole('status').waitFor();
    await wholePage(page, 'compare-1440');

    // Continue from the middle cell: the chat page opens on it, with its model and temperature.
    await page.getByRole('button', { name: /^Continue 2\. .*temperature 1.* in chat$/ }).click();
    await page.waitForURL(/\/chat\/[0-9a-z-]+$/);
    const transcript = page.getByRole('list', { name: 'Transcript' }).locator(':scope > li');
    await expect.poll(() => transcript.count(), { timeout: 120_000 }).toBe(2);
    await expect.poll(() => transcript.first().innerText()).toContain('Explain what a context window is');
    expect(await page.getByRole('combobox', { name: 'Model' }).inputValue()).toBe('svc-chat');
    expect(await page.getByRole('textbox', { name: /^temperature/ }).inputValue()).toBe('1');
    expect(await page.getByRole('textbox', { name: /^max_tokens/ }).inputValue()).toBe('80');
    await screenshot(page, 'compare-continued-in-chat');

    // Back on Compare the comparison is there again; after a reload too, listed and shown.
    await page.goBack();
    await page.waitForURL(/\/compare$/);
    await expect
      .poll(() => statuses(page), { timeout: 120_000 })
      .toEqual(['complete', 'complete', 'complete']);
    await page.reload();
    const saved = page.getByRole('region', { name: 'Saved comparisons' });
    const entry = saved.getByRole('listitem', {
      name: 'Explain what a context window is, in three sentences.',
    });
    // Listed first, then marked as the one shown once the reload has opened it: polled, not read once.
    await expect.poll(() => entry.innerText()).toMatch(/3 variants · shown/);
    await expect
      .poll(() => statuses(page), { timeout: 120_000 })
      .toEqual(['complete', 'complete', 'complete']);

    // On a phone the cells stack: one column, each below the last.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Diff two replies' }).click();
    await page.getByRole('region', { name: 'Diff' }).getByRole('status').waitFor();
    const boxes = await cells(page).evaluateAll((all) =>
      all.map((a) => {
        const r = a.getBoundingClientRect();
        return {
          x: Math.round(r.x),
          y: Math.round(r.y),
          width: Math.round(r.width),
          bottom: Math.round(r.bottom),
        };
      }),
    );
    expect(new Set(boxes.map((b) => b.x)).size).toBe(1);
    for (let i = 1; i < boxes.length; i += 1)
      expect(boxes[i]!.y).toBeGreaterThanOrEqual(boxes[i - 1]!.bottom);
    // Nothing sticks out sideways: neither the document nor the scrolling main is wider than the phone.
    const widths = await page.evaluate(() => {
      const main = document.querySelector('main')!;
      return { page: document.documentElement.scrollWidth, main: main.scrollWidth - main.clientWidth };
    });
    expect(widths).toEqual({ page: 390, main: 0 });
    // The summary is there and tall enough to read (a clipping box in a flex column can collapse).
    const summary = page.getByRole('table', { name: 'Summary' });
    expect((await summary.boundingBox())!.height).toBeGreaterThan(100);
    await wholePage(page, 'compare-390');

    // And in the dark theme (the app follows the system's).
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.setViewportSize({ width: 1440, height: 900 });
    await wholePage(page, 'compare-1440-dark');
    expect(errors).toEqual([]);
    await page.close();
  });
});
