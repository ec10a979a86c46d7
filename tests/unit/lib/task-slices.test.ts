import { afterEach, describe, expect, it, vi } from 'vitest';
import { readClock } from '../../../src/lib/chat/metrics';
import { createTaskSlices, inSlices, whenIdle } from '../../../src/lib/task-slices';

/** A hand-run task queue: nothing runs "in a later task" until the test says so. */
function manualTasks() {
  const queue: (() => void)[] = [];
  return {
    nextTask: (run: () => void) => void queue.push(run),
    /** Runs the tasks queued so far (not those they queue). */
    runQueued() {
      for (const run of queue.splice(0)) run();
    },
    get pending() {
      return queue.length;
    },
  };
}

describe('createTaskSlices', () => {
  it('lets work run until the slice is spent, then not until a later task', () => {
    let t = 0;
    const tasks = manualTasks();
    const slices = createTaskSlices({ sliceMs: 10, now: () => t, nextTask: tasks.nextTask });
    const ran: number[] = [];
    for (let piece = 0; piece < 6; piece++) {
      if (slices.begin()) ran.push(piece);
      t += 4;
    }
    // Pieces start at 0, 4 and 8 ms; at 12 ms the slice is spent.
    expect(ran).toEqual([0, 1, 2]);
    tasks.runQueued(); // the task ends: a new slice opens with the next piece
    expect(slices.begin()).toBe(true);
  });

  it('never cuts a piece that started: one long piece is one slice', () => {
    let t = 0;
    const tasks = manualTasks();
    const slices = createTaskSlices({ sliceMs: 10, now: () => t, nextTask: tasks.nextTask });
    expect(slices.begin()).toBe(true);
    t += 40; // the piece took 40 ms
    expect(slices.begin()).toBe(false);
  });

  it('wakes those first in line ahead of the rest, and pieces that give way wait for them', () => {
    let t = 0;
    const tasks = manualTasks();
    const slices = createTaskSlices({ sliceMs: 10, wakePerTask: 2, now: () => t, nextTask: tasks.nextTask });
    // The slice is spent: an off-screen block, a stream's next chunk, then two blocks on screen wait.
    expect(slices.begin()).toBe(true);
    t += 20;
    const woken: string[] = [];
    slices.whenNext(() => woken.push('off-screen'));
    slices.whenNext(() => woken.push('chunk'));
    slices.whenNext(() => woken.push('on screen 1'), true);
    slices.whenNext(() => woken.push('on screen 2'), true);
    tasks.runQueued();
    expect(woken).toEqual(['on screen 1', 'on screen 2']);
    // In the task they were woken for, a piece that gives way does not take their slice…
    expect(slices.begin(true)).toBe(false);
    // …while one that does not (a stream's chunk) still runs, and so do they.
    expect(slices.begin()).toBe(true);
    expect(slices.begin()).toBe(true);
    tasks.runQueued(); // that slice closes; the others' turn
    expect(woken).toEqual(['on screen 1', 'on screen 2', 'off-screen', 'chunk']);
    expect(slices.begin(true)).toBe(true);
  });

  it('wakes waiters in order in later tasks, about twice as many as the last slice had room for', () => {
    let t = 0;
    const tasks = manualTasks();
    const slices = createTaskSlices({ sliceMs: 10, wakePerTask: 1, now: () => t, nextTask: tasks.nextTask });
    const woken: string[] = [];
    for (const piece of 'abcdefghij') {
      if (!slices.begin()) slices.whenNext(() => woken.push(piece));
      t += 6;
    }
    // a and b ran (at 0 and 6 ms); the other eight wait, and nobody is woken in this task.
    expect(woken).toEqual([]);
    tasks.runQueued(); // the slice closes with 2 pieces, and 4 waiters get their turn
    expect(woken).toEqual(['c', 'd', 'e', 'f']);
    tasks.runQueued();
    expect(woken).toEqual(['c', 'd', 'e', 'f', 'g', 'h', 'i', 'j']);
    expect(tasks.pending).toBe(0);
  });

  it('drops a cancelled waiter', () => {
    const tasks = manualTasks();
    const slices = createTaskSlices({ nextTask: tasks.nextTask });
    let woken = false;
    const cancel = slices.whenNext(() => {
      woken = true;
    });
    cancel();
    tasks.runQueued();
    expect(woken).toBe(false);
  });
});

describe('inSlices with readClock', () => {
  it('folds a backlog over several tasks, each chunk keeping the time of the read it came in', async () => {
    let t = 0;
    let tasksRun = 0;
    const slices = createTaskSlices({
      sliceMs: 10,
      now: () => t,
      nextTask: (run) =>
        void setTimeout(() => {
          tasksRun += 1;
          run();
        }, 0),
    });
    const clock = readClock(() => t);
    // Two reads, at 0 and at 5 ms, of four chunks each; folding a chunk takes 4 ms.
    async function* backlog() {
      for (let read = 0; read < 2; read++) {
        clock.mark();
        for (let i = 0; i < 4; i++) yield read * 4 + i;
        t += 1;
      }
    }
    const seen: [number, number][] = [];
    for await (const chunk of inSlices(backlog(), slices)) {
      seen.push([chunk, clock()]);
      t += 4;
    }
    expect(seen.map(([chunk]) => chunk)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    // The folding paused between slices (3 chunks per 10 ms slice)...
    expect(tasksRun).toBeGreaterThan(2);
    // ...and every chunk has its read's time: a pause of the page is not a gap in the stream.
    expect(seen.map(([, at]) => at)).toEqual([0, 0, 0, 0, 17, 17, 17, 17]);
  });

  it('reads the clock once per task until a read is marked', async () => {
    let t = 100;
    const clock = readClock(() => t++);
    expect([clock(), clock()]).toEqual([100, 100]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(clock()).toBe(101);
    clock.mark();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect([clock(), clock()]).toEqual([102, 102]);
  });
});

describe('whenIdle', () => {
  // Its fallback timer and the clock of its slice, faked: the slice is counted in faked milliseconds.
  afterEach(() => vi.useRealTimers());

  it('runs in a later task, with a slice of time, where the browser has no idle callback', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const seen: number[] = [];
    whenIdle(
      (timeLeft) => {
        seen.push(timeLeft());
        vi.advanceTimersByTime(5);
        seen.push(timeLeft());
        vi.advanceTimersByTime(10);
        seen.push(timeLeft());
      },
      500,
      12,
    );
    expect(seen).toEqual([]);
    vi.runAllTimers();
    expect(seen).toEqual([12, 7, 0]);
  });

  it('runs nothing once cancelled', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const cancelled = vi.fn();
    const kept = vi.fn();
    whenIdle(cancelled)();
    whenIdle(kept);
    vi.runAllTimers();
    // The one left ran: the cancelled one had its turn and did not take it.
    expect(kept).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
  });
});
