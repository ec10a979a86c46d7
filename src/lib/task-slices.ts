/**
 * Bounded work per browser task. Work that can wait (parsing markdown blocks, folding a backlog of
 * stream chunks, mounting the rows of a long conversation) asks `begin()` before each piece: the first piece of a task opens a slice, and once
 * the slice has run `sliceMs` the rest waits for a later task (`whenNext`), so the page paints and
 * answers input in between. A piece already started is never cut: a slice can run over by one piece.
 */
export interface TaskSlices {
  /**
   * True when a piece of work may run in this task now. A piece that can `giveWay` (one nobody is
   * looking at) does not run while waiters that asked to be `first` are still in line.
   */
  begin(giveWay?: boolean): boolean;
  /**
   * Calls `wake` in a later task, once a new slice can open; returns a cancel. Waiters keep their
   * order, those that asked `first` (what the reader is looking at) ahead of the rest.
   */
  whenNext(wake: () => void, first?: boolean): () => void;
}

export interface TaskSlicesOptions {
  sliceMs?: number;
  /** How many waiters `whenNext` wakes per task (default 4). */
  wakePerTask?: number;
  now?: () => number;
  /** Runs `run` in a later task (default: a MessageChannel message, else a 0 ms timer). */
  nextTask?: (run: () => void) => void;
}

function defaultNextTask(): (run: () => void) => void {
  if (typeof MessageChannel === 'function') {
    const queue: (() => void)[] = [];
    const channel = new MessageChannel();
    channel.port1.onmessage = () => queue.shift()?.();
    return (run) => {
      queue.push(run);
      channel.port2.postMessage(null);
    };
  }
  return (run) => void setTimeout(run, 0);
}

export function createTaskSlices(options: TaskSlicesOptions = {}): TaskSlices {
  const sliceMs = options.sliceMs ?? 12;
  const wakePerTask = options.wakePerTask ?? 4;
  const now = options.now ?? (() => performance.now());
  let nextTask = options.nextTask;
  let sliceStart: number | null = null;
  const ahead = new Set<() => void>();
  const waiting = new Set<() => void>();
  let wakeScheduled = false;
  // Waiters first in line woken for the coming slice: until it closes, pieces that give way wait.
  let aheadWoken = 0;
  // Pieces begun in the open slice, and in the last one that closed.
  let pieces = 0;
  let lastPieces = 0;

  const later = (run: () => void) => {
    nextTask ??= defaultNextTask();
    nextTask(run);
  };

  // The first waiters in line get a turn in the next task, a few per task: waking every waiting
  // block at once would re-render hundreds to parse the handful the slice has room for.
  const wakeSome = () => {
    wakeScheduled = false;
    // As many as the last slice had room for, and a few more: those that find no room wait again.
    const woken = [...ahead, ...waiting].slice(0, Math.max(wakePerTask, 2 * lastPieces));
    aheadWoken = 0;
    for (const wake of woken) if (ahead.delete(wake)) aheadWoken += 1;
    for (const wake of woken) waiting.delete(wake);
    if (ahead.size + waiting.size > 0) schedule();
    for (const wake of woken) wake();
  };
  const schedule = () => {
    if (wakeScheduled) return;
    wakeScheduled = true;
    later(wakeSome);
  };

  const begin = (giveWay = false) => {
    if (giveWay && ahead.size + aheadWoken > 0) return false;
    const t = now();
    if (sliceStart === null) {
      sliceStart = t;
      pieces = 0;
      // The slice ends with this task, whatever happens in it.
      later(() => {
        sliceStart = null;
        lastPieces = pieces;
        aheadWoken = 0;
      });
    } else if (t - sliceStart >= sliceMs) return false;
    pieces += 1;
    return true;
  };
  const whenNext = (wake: () => void, first = false) => {
    const line = first ? ahead : waiting;
    line.add(wake);
    schedule();
    return () => void line.delete(wake);
  };
  return { begin, whenNext };
}

/**
 * The page's one share-out of main-thread time: the main thread is one resource, so the work that
 * waits its turn draws on one slice per task, not one each.
 */
export const mainThreadSlices = createTaskSlices();

/**
 * A queue for work nobody is looking at: its waiters are woken a few per idle period (see `whenIdle`),
 * and what they do still asks `mainThreadSlices.begin()` for room.
 */
export const idleSlices = createTaskSlices({ wakePerTask: 8, nextTask: (run) => void whenIdle(() => run()) });

/** Iterates `items`, pausing between two when this task's slice is spent: a backlog over several tasks. */
export async function* inSlices<T>(
  items: AsyncIterable<T>,
  slices: TaskSlices = mainThreadSlices,
): AsyncGenerator<T, void, undefined> {
  for await (const item of items) {
    yield item;
    if (!slices.begin()) await new Promise<void>((resolve) => slices.whenNext(resolve));
  }
}

/** How long an idle callback may work: the browser's own figure, or a slice where it gives none. */
export type IdleTime = () => number;

/**
 * Calls `run` once the page is idle (`requestIdleCallback`, or at the latest after `timeoutMs`, so a
 * busy page still gets there), else in a later task with a slice's worth of time; returns a cancel.
 * For work nobody is waiting for, which must never delay what the reader sees or does.
 */
export function whenIdle(run: (timeLeft: IdleTime) => void, timeoutMs = 500, sliceMs = 12): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback((deadline) => run(() => deadline.timeRemaining()), {
      timeout: timeoutMs,
    });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(() => {
    const start = performance.now();
    run(() => Math.max(0, sliceMs - (performance.now() - start)));
  }, 0);
  return () => clearTimeout(timer);
}
