/**
 * A stand-in for layout, which jsdom lacks: the transcript's scroller gets a fixed visible height
 * and a content height summed from its rows (each `rowHeight(row)` tall), a scrollTop clamped to
 * them, and a scroll event after each change of position, a task later, as browsers send it.
 */
import { framesPassed } from '../support/frames';

export interface FakeScrollLayout {
  scroller: HTMLElement;
  /** The bottom-most scrollTop. */
  max: () => number;
  top: () => number;
  /**
   * Scrolls as the reader does: a wheel turn up (when going up), then the new position; resolves
   * once its scroll event has been sent and two frames have run since (a reader's scroll spans
   * frames).
   */
  scrollByReader: (top: number) => Promise<void>;
  /** Whether the row at `index` of the transcript is at least partly in view. */
  rowInView: (index: number) => boolean;
}

export function fakeScrollLayout(
  list: HTMLElement,
  {
    clientHeight = 300,
    rowHeight = (row: Element) => 80 + Math.floor((row.textContent?.length ?? 0) / 4),
  } = {},
): FakeScrollLayout {
  const scroller = list.parentElement!;
  const rows = () => [...list.children];
  const height = () => rows().reduce((sum, row) => sum + rowHeight(row), 0);
  const max = () => Math.max(0, height() - clientHeight);
  let top = 0;
  const clamp = (value: number) => Math.min(Math.max(0, value), max());
  const setTop = (value: number) => {
    const next = clamp(value);
    if (next === clamp(top)) return;
    top = next;
    setTimeout(() => scroller.dispatchEvent(new Event('scroll')), 0);
  };
  Object.defineProperties(scroller, {
    clientHeight: { configurable: true, get: () => clientHeight },
    scrollHeight: { configurable: true, get: height },
    scrollTop: { configurable: true, get: () => clamp(top), set: setTop },
    scrollTo: { configurable: true, value: ({ top: to }: ScrollToOptions) => setTop(to ?? top) },
  });
  return {
    scroller,
    max,
    top: () => clamp(top),
    scrollByReader: async (to) => {
      if (to < clamp(top)) scroller.dispatchEvent(new WheelEvent('wheel', { deltaY: to - clamp(top) }));
      setTop(to);
      // Queued after the scroll event's task, so it runs once that has been sent.
      await new Promise((resolve) => setTimeout(resolve, 0));
      await framesPassed(2);
    },
    rowInView: (index) => {
      const start = rows()
        .slice(0, index)
        .reduce((sum, row) => sum + rowHeight(row), 0);
      const end = start + rowHeight(rows()[index]!);
      return end > clamp(top) && start < clamp(top) + clientHeight;
    },
  };
}
