/**
 * What of the transcript is in view, found the way a page finds it cheaply: rows and a reply's blocks
 * stand in order down the page, so a binary search finds the first one in view and a walk stops at the
 * first one past it. Measuring every block instead (thousands once 200 rows are mounted, each waiting
 * for its parse) cost the page tens of milliseconds a frame, counted as if the app had spent them.
 */
import type { Page } from 'playwright-core';

export interface InViewGlobals {
  /** The transcript's rows whose box meets [top, bottom). */
  __rowsInView(top: number, bottom: number): Element[];
  /** How many markdown blocks meeting [top, bottom) still wait for their parse (or their newest one). */
  __pendingInView(top: number, bottom: number): number;
}

/** Defines the two functions on every document `page` opens. */
export async function installInView(page: Page): Promise<void> {
  // tsx compiles this file keeping function names, by calls to a helper the page does not have.
  await page.addInitScript('globalThis.__name ??= (fn) => fn;');
  await page.addInitScript(() => {
    const w = window as unknown as InViewGlobals;
    /** `elements` top to bottom; those whose box meets [top, bottom). */
    const meeting = (elements: Element[], top: number, bottom: number) => {
      let lo = 0;
      let hi = elements.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (elements[mid]!.getBoundingClientRect().bottom <= top) lo = mid + 1;
        else hi = mid;
      }
      const found: Element[] = [];
      for (let i = lo; i < elements.length; i++) {
        const box = elements[i]!.getBoundingClientRect();
        if (box.top >= bottom) break;
        if (box.height > 0) found.push(elements[i]!);
      }
      return found;
    };
    w.__rowsInView = (top, bottom) => {
      const list = document.querySelector('[aria-label="Transcript"]');
      return list ? meeting([...list.children], top, bottom) : [];
    };
    // A block waiting for its first parse is marked itself; one showing a stale parse (a growing tail)
    // has a hidden marker after it, which has no box and is left out of the search.
    const marker = (element: Element | null) =>
      element !== null && element.hasAttribute('hidden') && element.hasAttribute('data-md-pending');
    w.__pendingInView = (top, bottom) => {
      let pending = 0;
      for (const row of w.__rowsInView(top, bottom)) {
        for (const body of row.querySelectorAll('.md-body')) {
          const blocks = [...body.children].filter((child) => !child.hasAttribute('hidden'));
          for (const block of meeting(blocks, top, bottom))
            if (block.hasAttribute('data-md-pending') || marker(block.nextElementSibling)) pending += 1;
        }
      }
      return pending;
    };
  });
}
