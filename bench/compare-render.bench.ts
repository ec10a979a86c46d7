/**
 * The compare page's rendering cost in Chromium against `npm start`: six variants each streaming a
 * 2,000-token markdown reply at once, as fast as the local service sends them, next to one variant
 * alone in the same run. Figures: the longest main-thread task (PerformanceObserver `longtask`) and
 * Run → every cell finished and painted, after a warm-up run. Goal: no task over 50 ms.
 */
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../tests/e2e/support/browser';
import { startService, type RunningService } from '../tests/e2e/support/start-service';
import { longTasks, pageWithLongTasks, resetLongTasks } from './support/long-tasks';

const PROMPT = 'Write 2000 words, long, with tables and code.';
const TOKENS = '2000';

// A page of its own (a fresh context): no saved comparison reopens and no storage is shared.
const newPage = (browser: Browser) => pageWithLongTasks(browser, 1440);

interface CompareFigures {
  variants: number;
  longestTaskMs: number;
  tasksOver50: number;
  runToPaintMs: number;
  completionTokens: number[];
}

async function compareOnce(
  browser: Browser,
  service: RunningService,
  variants: number,
): Promise<CompareFigures> {
  const page = await newPage(browser);
  await page.goto(new URL('/compare', service.url).href);
  await page.getByRole('heading', { name: 'Compare' }).waitFor();
  const allComplete = (n: number) =>
    page.waitForFunction(
      (count) => {
        const cells = [...document.querySelectorAll('article[data-status]')];
        return cells.length === count && cells.every((c) => c.getAttribute('data-status') === 'complete');
      },
      n,
      { timeout: 300_000, polling: 100 },
    );
  // A short warm-up run first: the first reply drawn loads and compiles the markdown renderer and
  // its highlighter (a one-off ~70 ms task here), which is not the cost of streaming.
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await allComplete(2);
  await page.getByRole('textbox', { name: /^Message/ }).fill(PROMPT);
  const first = page.getByRole('listitem', { name: 'Variant 1' });
  const maxTokens = first.getByLabel('max_tokens', { exact: true });
  await maxTokens.fill(TOKENS);
  await maxTokens.blur();
  if (variants === 1) {
    await page.getByRole('button', { name: 'Remove Variant 2' }).click();
  } else {
    // One variant per seed, each with the first one's settings (max_tokens included).
    const sweep = page.getByRole('form', { name: 'Sweep' });
    await sweep.getByLabel('Sweep parameter').selectOption('seed');
    await sweep.getByLabel(/^Values/).fill(`1..${variants}`);
    await sweep.getByRole('button', { name: 'Make variants' }).click();
  }
  await page.waitForFunction(
    (n) => document.querySelectorAll('[aria-label="Variants"] li').length === n,
    variants,
  );
  await resetLongTasks(page);
  const started = await page.evaluate(() => performance.now());
  await page.getByRole('button', { name: 'Run again', exact: true }).click();
  await page.waitForFunction((n) => document.querySelectorAll('article[data-status]').length === n, variants);
  await allComplete(variants);
  const painted = await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    return performance.now();
  });
  const tasks = await longTasks(page);
  // The summary's completion column says each reply really was 2,000 tokens long.
  const completionTokens = await page
    .getByRole('table', { name: 'Summary' })
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => Number(row.querySelectorAll('td')[4]?.textContent)));
  await page.close();
  return {
    variants,
    longestTaskMs: Math.max(0, ...tasks),
    tasksOver50: tasks.filter((t) => t > 50).length,
    runToPaintMs: painted - started,
    completionTokens,
  };
}

const ms = (v: number) => `${v.toFixed(0)} ms`;

const ROUNDS = 3;

export async function runCompareRenderBench(): Promise<string[]> {
  const service = await startService();
  const browser = await launchBrowser();
  try {
    // Rounds alternate six and one, so a busy moment on the machine falls on both alike.
    const six: CompareFigures[] = [];
    const one: CompareFigures[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      six.push(await compareOnce(browser, service, 6));
      one.push(await compareOnce(browser, service, 1));
    }
    const tokens = (runs: CompareFigures[]) =>
      [...new Set(runs.flatMap((f) => f.completionTokens))].join('/');
    const each = (runs: CompareFigures[], pick: (f: CompareFigures) => number) =>
      runs.map((f) => ms(pick(f))).join(', ');
    const over = (runs: CompareFigures[]) => runs.reduce((sum, f) => sum + f.tasksOver50, 0);
    return [
      `six variants at once (${tokens(six)} tokens each) vs one alone (${tokens(one)} tokens), ${ROUNDS} rounds each`,
      `  Run → all finished and painted: six ${each(six, (f) => f.runToPaintMs)}; one ${each(one, (f) => f.runToPaintMs)}`,
      `  longest main-thread task: six ${each(six, (f) => f.longestTaskMs)} (${over(six)} tasks over 50 ms in all); one ${each(one, (f) => f.longestTaskMs)} (${over(one)} over 50 ms) (goal ≤ 50 ms)`,
    ];
  } finally {
    await browser.close();
    await service.stop();
  }
}

// Run on its own with `npx tsx bench/compare-render.bench.ts`.
if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of await runCompareRenderBench()) console.log(line);
}
