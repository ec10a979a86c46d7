import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useServiceAndBrowser } from './support/service-and-browser';

// Compare in a background tab, in real Chromium against `npm start`: the cells go on filling while
// the tab is hidden, not only when the run ends. Headless Chromium keeps every tab visible (checked
// with Chromium 156: a tab behind another, or a minimised window, still reports 'visible' and runs
// animation frames at 60 a second), so the page hides itself as a browser would: visibilityState
// 'hidden', a visibilitychange event, and no animation frame callback from then on.
const env = useServiceAndBrowser({ SVC_REFERENCE_TOKENS_PER_SECOND: '20' });

/**
 * Installed before the app: `__hideTab()` hides the tab; `__frames` counts the frame callbacks the
 * page asked for while hidden (none of which runs).
 */
const HIDDEN_TAB = `
  window.__frames = { askedWhileHidden: 0 };
  let hidden = false;
  const request = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (callback) => {
    if (hidden) window.__frames.askedWhileHidden += 1;
    return request((time) => {
      // Asked for before the tab was hidden or after, a callback does not run while it is.
      if (!hidden) callback(time);
    });
  };
  window.__hideTab = () => {
    hidden = true;
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    document.dispatchEvent(new Event('visibilitychange'));
  };
`;

interface Cell {
  status: string | null;
  length: number;
}

const cellsNow = (page: Page): Promise<Cell[]> =>
  page
    .getByRole('article')
    .evaluateAll((all) =>
      all.map((a) => ({ status: a.getAttribute('data-status'), length: a.textContent?.length ?? 0 })),
    );

describe('compare in a background tab', () => {
  it('keeps filling every cell while the tab is hidden and frames are paused', async () => {
    const page = await env.browser.newPage({ viewport: { width: 1440, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.addInitScript(HIDDEN_TAB);
    await page.goto(new URL('/compare', env.service.url).href);
    await page.getByRole('heading', { name: 'Compare' }).waitFor();
    await page.getByRole('textbox', { name: /^Message/ }).fill('Write a long essay about context windows.');
    // Two variants (temperature 0 and 1), each long enough to stream for seconds at 20 tokens a second.
    for (const name of ['Variant 1', 'Variant 2']) {
      const field = page.getByRole('listitem', { name }).getByLabel('max_tokens', { exact: true });
      await field.fill('160');
      await field.blur();
    }
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    // Both cells streaming and showing text before the tab goes to the background.
    await expect
      .poll(async () => (await cellsNow(page)).every((c) => c.status === 'streaming' && c.length > 0))
      .toBe(true);

    await page.evaluate(() => (window as unknown as { __hideTab: () => void }).__hideTab());
    expect(await page.evaluate(() => document.visibilityState)).toBe('hidden');
    const atHide = await cellsNow(page);

    // Every cell grows while still streaming: the updates came without a frame.
    await expect
      .poll(async () => {
        const now = await cellsNow(page);
        return now.every((c, i) => c.status === 'streaming' && c.length > atHide[i]!.length);
      })
      .toBe(true);
    // The page did ask for frames meanwhile; none of them ran.
    const asked = await page.evaluate(
      () => (window as unknown as { __frames: { askedWhileHidden: number } }).__frames.askedWhileHidden,
    );
    expect(asked).toBeGreaterThan(0);

    await expect
      .poll(async () => (await cellsNow(page)).map((c) => c.status), { timeout: 120_000 })
      .toEqual(['complete', 'complete']);
    expect(errors).toEqual([]);
    await page.close();
  });
});
