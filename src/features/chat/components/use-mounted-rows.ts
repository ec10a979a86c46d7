import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { ConversationMessage } from '../../../lib/chat';
import { whenIdle } from '../../../lib/task-slices';

/** The height the first rows should fill, px: the view and some below it, wherever the page is. */
const FIRST_HEIGHT_PX = 1600;
/** At least these first: the last rows are the ones drawn as markdown at once (see MessageRow). */
const MIN_FIRST_ROWS = 4;
/** Main-thread time one idle batch may spend mounting rows, ms, before the browser lays them out. */
const BATCH_MS = { least: 4, most: 10 };
/** Rows per batch: never so few that a slow page (or a test's DOM) takes hundreds of batches. */
const BATCH_ROWS = { least: 8, most: 32 };
/** A message this many lines long fills the first height alone: no need to read the rest of it. */
const MAX_LINES = FIRST_HEIGHT_PX / 20;

/**
 * A rough height for a message, px, from its text alone: a row's header and padding, and a line for
 * every 90 characters or line break. Good enough to tell two short rows from a long reply without
 * laying anything out; the browser measures the real rows afterwards. Capped at the first height, so
 * the line breaks of a long streaming reply are not all counted on every render.
 */
export function estimatedRowHeight(message: ConversationMessage): number {
  const text = message.content;
  let lines = 1 + Math.floor(text.length / 90);
  for (let at = text.indexOf('\n'); at !== -1 && lines < MAX_LINES; at = text.indexOf('\n', at + 1))
    lines += 1;
  // Images sit in a wrapping row of thumbnails 96 px tall.
  const images = message.images && message.images.length > 0 ? 104 : 0;
  return 56 + Math.min(lines, MAX_LINES) * 20 + images;
}

/** The first row to mount when a conversation opens: enough of the last rows to fill the view. */
export function firstRowToMount(messages: readonly ConversationMessage[]): number {
  let from = messages.length;
  let height = 0;
  while (from > 0 && (messages.length - from < MIN_FIRST_ROWS || height < FIRST_HEIGHT_PX)) {
    from -= 1;
    height += estimatedRowHeight(messages[from]!);
  }
  return from;
}

/**
 * Which rows of a conversation are mounted, as the index of the first: on opening, only the last
 * rows, those that fill the view (the transcript opens at its end); then the earlier ones above
 * them in batches, each when the page is idle and each bounded in time, measured from the batches
 * before it. The browser keeps the view still as rows arrive above it (scroll anchoring). 200 rows
 * at once were one long task, and the reader sees only the last few.
 */
export function useMountedRows(messages: readonly ConversationMessage[]): number {
  const [mountFrom, setMountFrom] = useState(() => firstRowToMount(messages));
  // A conversation that shrank (messages deleted) still shows its last rows at once.
  const from = Math.min(mountFrom, firstRowToMount(messages));
  // What one row has cost to mount, ms, so far: starts with a guess.
  const rowMs = useRef(1);

  useEffect(() => {
    if (from === 0) return undefined;
    return whenIdle((timeLeft) => {
      const budget = Math.min(BATCH_MS.most, Math.max(BATCH_MS.least, timeLeft()));
      const fit = Math.floor(budget / rowMs.current);
      const rows = Math.min(from, Math.max(BATCH_ROWS.least, Math.min(BATCH_ROWS.most, fit)));
      const start = performance.now();
      // Rendered here, inside the idle time, so what it costs is what was measured.
      flushSync(() => setMountFrom(from - rows));
      rowMs.current = Math.max(0.05, (rowMs.current + (performance.now() - start) / rows) / 2);
    });
  }, [from]);

  return from;
}
