/**
 * Pages that record every long main-thread task (PerformanceObserver `longtask`) from their first
 * script on, so nothing a page does escapes the count, and the figures read from them.
 */
import type { Browser, Page } from 'playwright-core';

type Recorded = { __longTasks: number[] };

/** A page of its own (a fresh context: no storage shared) that records long tasks. */
export async function pageWithLongTasks(browser: Browser, width: number): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await page.addInitScript(() => {
    const w = window as unknown as Recorded;
    w.__longTasks = [];
    try {
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.__longTasks.push(entry.duration);
      }).observe({ type: 'longtask', buffered: true });
    } catch {
      // No longtask support: the figures are then reported as 0.
    }
  });
  return page;
}

/** Every long task recorded since the page opened or was last reset, ms. */
export const longTasks = (page: Page) => page.evaluate(() => (window as unknown as Recorded).__longTasks);

/** The longest of them, 0 when there were none. */
export const longestTask = async (page: Page) => Math.max(0, ...(await longTasks(page)));

/** Forgets what was recorded so far (to time one step of a page). */
export const resetLongTasks = (page: Page) =>
  page.evaluate(() => void ((window as unknown as Recorded).__longTasks = []));
