/**
 * Bounded concurrency for heavy jobs: at most `maxConcurrent` run, at most `maxQueued` wait, and a
 * job that would exceed both is refused at once so the caller can answer 429.
 */

/** The queue is full; the caller should answer 429. */
export class QueueFullError extends Error {
  constructor(
    readonly maxConcurrent: number,
    readonly maxQueued: number,
  ) {
    super(`${maxConcurrent} job(s) running and ${maxQueued} waiting`);
    this.name = 'QueueFullError';
  }
}

interface Waiter {
  start: () => void;
}

export class JobQueue {
  private running = 0;
  private readonly waiting: Waiter[] = [];

  constructor(
    readonly maxConcurrent: number,
    readonly maxQueued: number,
  ) {}

  /** Jobs running and waiting now. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /** Runs `job` when a slot is free; rejects with QueueFullError, or the abort reason if aborted while waiting. */
  async run<T>(job: () => Promise<T>, signal: AbortSignal): Promise<T> {
    signal.throwIfAborted();
    if (this.running >= this.maxConcurrent) {
      if (this.waiting.length >= this.maxQueued) throw new QueueFullError(this.maxConcurrent, this.maxQueued);
      await new Promise<void>((resolve, reject) => {
        const waiter: Waiter = {
          start: () => {
            signal.removeEventListener('abort', onAbort);
            resolve();
          },
        };
        const onAbort = () => {
          this.waiting.splice(this.waiting.indexOf(waiter), 1);
          reject(signal.reason);
        };
        signal.addEventListener('abort', onAbort, { once: true });
        this.waiting.push(waiter);
      });
    } else {
      this.running += 1;
    }
    try {
      return await job();
    } finally {
      // The slot passes straight to the next waiter, so `running` never dips and lets a newcomer jump the queue.
      const next = this.waiting.shift();
      if (next) next.start();
      else this.running -= 1;
    }
  }
}
