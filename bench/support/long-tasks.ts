/**
 * Pages that record every long main-thread task (PerformanceObserver `longtask`) from their first
 * script on, so nothing a page does escapes the count, and the figures read from them.
 */
import type { Browser, Page } from 'playwright-core';

type Recorded = { __longTasks: { start: number; duration: number }[] };

/** A page of its own (a fresh context: no storage shared) that records long tasks. */
export async function pageWithLongTasks(browser: Browser, width: number): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await page.addInitScript(() => {
    const w = window as unknown as Recorded;
    w.__longTasks = [];
    try {
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          w.__longTasks.push({ start: entry.startTime, duration: entry.duration });
      }).observe({ type: 'longtask', buffered: true });
    } catch {
      // No longtask support: the figures are then reported as 0.
    }
  });
  return page;
}

/** Every long task recorded since the page opened or was last reset: start and duration, ms. */
export const longTaskEntries = (page: Page) =>
  page.evaluate(() => (window as unknown as Recorded).__longTasks);

/** Their durations, ms. */
export const longTasks = async (page: Page) => (await longTaskEntries(page)).map((t) => t.duration);

/** The longest of them, 0 when there were none. */
export const longestTask = async (page: Page) => Math.max(0, ...(await longTasks(page)));

/** Forgets what was recorded so far (to time one step of a page). */
export const resetLongTasks = (page: Page) =>
  page.evaluate(() => void ((window as unknown as Recorded).__longTasks = []));

export interface TaskFigures {
  /** The longest task, ms, leaving out any in which a matching response's body finished. */
  longestPageMs: number;
  /** That one, ms (0 when it was not long). */
  bodyFinishMs: number;
}

/**
 * Whether a task (start and duration, ms on the page's clock) is where Chromium finished the body of
 * a response whose URL ends with `urlSuffix`. When a streamed response ends, Chromium finishes its
 * body in one task (a trace shows ResponseBodyLoader::DidFinishLoadingBody decoding the whole body as
 * text: about 100 ms for the 3.9 MB of a 20,000-token stream) with no page script in it, and as long
 * with replies drawn as plain text; it is reported apart from the page's own tasks.
 */
export async function bodyFinishing(
  page: Page,
  urlSuffix: string,
): Promise<(start: number, duration: number) => boolean> {
  const ends = await page.evaluate((suffix) => {
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    return entries.filter((e) => e.name.endsWith(suffix)).map((e) => e.responseEnd);
  }, urlSuffix);
  // The body finishes in the task that holds the response's end, or in the next one (a few ms on).
  return (start, duration) => ends.some((end) => start <= end + 50 && start + duration >= end);
}

/** The long tasks split at the end of one response (see `bodyFinishing`). */
export async function taskFigures(page: Page, urlSuffix: string): Promise<TaskFigures> {
  const tasks = await longTaskEntries(page);
  const finishing = await bodyFinishing(page, urlSuffix);
  const figures: TaskFigures = { longestPageMs: 0, bodyFinishMs: 0 };
  for (const task of tasks) {
    if (finishing(task.start, task.duration))
      figures.bodyFinishMs = Math.max(figures.bodyFinishMs, task.duration);
    else figures.longestPageMs = Math.max(figures.longestPageMs, task.duration);
  }
  return figures;
}

export interface TracedTask {
  /** ms on the page's clock (performance.now()). */
  start: number;
  wallMs: number;
  /** Main-thread CPU time in the task: the wall time less any time the thread waited for a core. */
  cpuMs: number;
}

type TraceEvent = {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
};

/**
 * The main-thread tasks of `page` while `run` runs, from a Chromium trace of top-level tasks, with the
 * CPU time of each: on a machine busy with other work a task's wall time counts the time it waited
 * for a core, which is not the page's doing.
 */
export async function tracedTasks<T>(
  browser: Browser,
  page: Page,
  run: () => Promise<T>,
): Promise<{ result: T; tasks: TracedTask[] }> {
  await browser.startTracing(page, { categories: ['toplevel', 'blink.user_timing'] });
  let result: T;
  let markAt: number;
  try {
    result = await run();
  } finally {
    // A mark ties the trace's clock to the page's, and names the page's main thread.
    markAt = await page.evaluate(() => performance.mark('bench-clock').startTime);
  }
  const { traceEvents } = JSON.parse((await browser.stopTracing()).toString()) as {
    traceEvents: TraceEvent[];
  };
  const mark = traceEvents.find((e) => e.name === 'bench-clock');
  if (!mark) throw new Error('The trace holds no bench-clock mark: cannot tell the page main thread.');
  const offsetMs = mark.ts / 1000 - markAt;
  const tasks = traceEvents
    .filter(
      (e) =>
        e.pid === mark.pid &&
        e.tid === mark.tid &&
        e.ph === 'X' &&
        e.name === 'ThreadControllerImpl::RunTask' &&
        e.dur !== undefined,
    )
    .map((e) => ({ start: e.ts / 1000 - offsetMs, wallMs: e.dur! / 1000, cpuMs: (e.tdur ?? e.dur!) / 1000 }));
  return { result, tasks };
}
