/**
 * The experiments results matrix at 10,000 cells (5,000 rows × 2 variants) in Chromium against
 * `npm start`: the longest main-thread task while it is scrolled from top to bottom and filtered
 * (failures, errors, variants differ, a search typed a key at a time), next to the same actions on a
 * small matrix (2 rows × 2 variants) measured in the same run. Goal: no task over 50 ms.
 */
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../tests/e2e/support/browser';
import { startService, type RunningService } from '../tests/e2e/support/start-service';
import { plantMatrix } from './experiments-matrix-plant';
import { longTasks, pageWithLongTasks, resetLongTasks } from './support/long-tasks';

const GOAL_MS = 50;
const BIG_ROWS = Number(process.env.BENCH_MATRIX_ROWS ?? 5000);
const SMALL_ROWS = 2;

/** Scrolls the matrix top to bottom and back in 60 steps, a frame apart or more. */
async function scroll(page: Page) {
  // No named functions inside: tsx would wrap them in a helper the page does not have.
  await page.getByRole('table', { name: 'Results' }).evaluate(async (matrix) => {
    const end = matrix.scrollHeight - matrix.clientHeight;
    const stops = [
      ...Array.from({ length: 40 }, (_, i) => (end * (i + 1)) / 40),
      ...Array.from({ length: 20 }, (_, i) => (end * (19 - i)) / 20),
    ];
    for (const top of stops) {
      matrix.scrollTop = top;
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    }
  });
}

async function filter(page: Page, rows: number) {
  const filters = page.getByRole('group', { name: 'Filters' });
  // Found once: a role query walks the whole page on the page's thread, and polling one every 20 ms
  // put the bench's own work among the long tasks it measures.
  const status = (await filters.getByRole('status').elementHandle())!;
  const settle = async (expected: (text: string) => boolean) => {
    for (let i = 0; i < 300 && !expected(await status.innerText()); i++) await page.waitForTimeout(20);
  };
  for (const name of ['Failures', 'Errors', 'Variants differ']) {
    await filters.getByLabel(name).check();
    await settle((t) => t.includes(' of '));
    await filters.getByLabel(name).uncheck();
    await settle((t) => t === `${rows} rows`);
  }
  const search = filters.getByLabel('Search');
  await search.click();
  // A key at a time, as a person types: each key filters every line again.
  await page.keyboard.type(`country ${rows}`, { delay: 30 });
  await settle((t) => t === `1 of ${rows} rows`);
  await search.fill('');
  await settle((t) => t === `${rows} rows`);
}

async function measure(browser: Browser, service: RunningService, rows: number) {
  const page = await pageWithLongTasks(browser, 1440);
  try {
    const cells = await plantMatrix(page, service.url, rows);
    await resetLongTasks(page);
    await scroll(page);
    const scrolling = Math.max(0, ...(await longTasks(page)));
    await resetLongTasks(page);
    await filter(page, rows);
    const filtering = Math.max(0, ...(await longTasks(page)));
    return { cells, scrolling, filtering };
  } finally {
    await page.close();
  }
}

export async function runExperimentsMatrixBench(): Promise<string[]> {
  const service = await startService();
  const browser = await launchBrowser();
  try {
    const small = await measure(browser, service, SMALL_ROWS);
    const big = await measure(browser, service, BIG_ROWS);
    const ms = (n: number) => `${Math.round(n)} ms`;
    const ratio = (a: number, b: number) =>
      b > 0 ? `${(a / b).toFixed(1)}×` : 'n/a (no long task on the small one)';
    const met = (n: number) => (n <= GOAL_MS ? 'met' : 'NOT met');
    return [
      `longest main-thread task (long tasks are those over 50 ms; 0 = none), goal: no task over ${GOAL_MS} ms`,
      `  small matrix (${small.cells} cells): scrolling ${ms(small.scrolling)}, filtering ${ms(small.filtering)}`,
      `  ${big.cells.toLocaleString('en')} cells: scrolling ${ms(big.scrolling)} (${ratio(big.scrolling, small.scrolling)} small, ${met(big.scrolling)}), filtering ${ms(big.filtering)} (${ratio(big.filtering, small.filtering)} small, ${met(big.filtering)})`,
    ];
  } finally {
    await browser.close();
    await service.stop();
  }
}
