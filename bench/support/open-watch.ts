/**
 * Watches a chat page open a stored conversation, frame by frame, from its first script, and records
 * when two end points were first reached:
 * - **on screen, ready**: the transcript is at its end, the rows filling its view are mounted (and,
 *   for markdown, parsed), the message box is there, and the page then had an idle moment;
 * - **all rows**: every message is mounted, what is on screen is parsed, and the message box is there.
 */
import type { Page } from 'playwright-core';
import { installInView, type InViewGlobals } from './in-view';

export interface OpenTimes {
  /** performance.now() at the idle callback after the screen was first ready, ms. */
  screenReadyMs: number;
  /** performance.now() at the frame after all rows were first there, ms. */
  allRowsMs: number;
}

interface Watch {
  __openWatch: { screenReadyMs: number | null; allRowsMs: number | null };
}

/** Installs the watcher on every document `page` opens; `rows` is the conversation's length. */
export async function watchOpening(page: Page, rows: number, markdown: boolean): Promise<void> {
  await installInView(page);
  await page.addInitScript(
    ({ rows, markdown }) => {
      const w = window as unknown as Watch & InViewGlobals;
      w.__openWatch = { screenReadyMs: null, allRowsMs: null };
      // Every markdown block in view is parsed.
      const parsedInView = () => w.__pendingInView(0, window.innerHeight) === 0;
      const check = () => {
        const list = document.querySelector('[aria-label="Transcript"]');
        const scroller = list?.parentElement;
        const box = document.querySelector('textarea[aria-label="Message"]');
        if (!list || !scroller || !box || list.children.length === 0) {
          requestAnimationFrame(check);
          return;
        }
        const mounted = [...list.children];
        const view = scroller.getBoundingClientRect();
        const atEnd = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight <= 2;
        const lastShown = mounted.at(-1)?.getAttribute('aria-label')?.endsWith(` ${rows}`) === true;
        const covered = mounted.length === rows || mounted[0]!.getBoundingClientRect().top <= view.top;
        // A reply far off screen shows its words plain until scrolled near; one in view must not.
        const drawn =
          !markdown ||
          w
            .__rowsInView(view.top, view.bottom)
            .every(
              (row) =>
                row.getAttribute('data-role') !== 'assistant' || row.querySelector('.md-body') !== null,
            );
        const parsed = parsedInView();
        const watch = w.__openWatch;
        if (watch.screenReadyMs === null && atEnd && lastShown && covered && drawn && parsed) {
          watch.screenReadyMs = -1;
          // Still so once the page is idle: the first frame can show a reply's blocks before they are
          // laid out (none then counts as in view, parsed or not).
          requestIdleCallback(() => {
            if (parsedInView()) watch.screenReadyMs = performance.now();
            else {
              watch.screenReadyMs = null;
              // The frame loop stops once both end points are taken; it runs on while rows are due.
              if (watch.allRowsMs !== null) requestAnimationFrame(check);
            }
          });
        }
        if (watch.allRowsMs === null && mounted.length === rows && parsed) {
          watch.allRowsMs = -1;
          requestAnimationFrame(() => (watch.allRowsMs = performance.now()));
        }
        if (watch.screenReadyMs === null || watch.allRowsMs === null) requestAnimationFrame(check);
      };
      if (location.pathname.startsWith('/chat')) requestAnimationFrame(check);
    },
    { rows, markdown },
  );
}

/**
 * Waits for both end points and returns them; an end point never reached (the transcript left short
 * of its end, say) is NaN, once all rows have been there for `graceMs`.
 */
export async function openTimes(page: Page, timeoutMs = 60_000, graceMs = 5_000): Promise<OpenTimes> {
  const handle = await page.waitForFunction(
    (graceMs) => {
      const watch = (window as unknown as Watch).__openWatch;
      const all = watch.allRowsMs ?? -1;
      const screen = watch.screenReadyMs ?? -1;
      if (all > 0 && screen > 0) return watch;
      if (all > 0 && performance.now() - all > graceMs) return { ...watch, screenReadyMs: Number.NaN };
      return null;
    },
    graceMs,
    { timeout: timeoutMs, polling: 100 },
  );
  return (await handle.jsonValue()) as OpenTimes;
}
