import { describe, expect, it } from 'vitest';
import { JobQueue, QueueFullError } from '../../../server/engines/job-queue';

function gate(): { promise: Promise<void>; open: () => void } {
  let open = () => {};
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

describe('JobQueue', () => {
  it('runs at most maxConcurrent jobs, queues maxQueued, and refuses the next', async () => {
    const queue = new JobQueue(1, 1);
    const signal = new AbortController().signal;
    const first = gate();
    const order: string[] = [];
    const a = queue.run(async () => {
      order.push('a');
      await first.promise;
    }, signal);
    const b = queue.run(async () => {
      order.push('b');
    }, signal);
    expect(queue.load).toEqual({ running: 1, waiting: 1 });
    await expect(queue.run(async () => 'c', signal)).rejects.toBeInstanceOf(QueueFullError);
    first.open();
    await Promise.all([a, b]);
    expect(order).toEqual(['a', 'b']);
    expect(queue.load).toEqual({ running: 0, waiting: 0 });
  });

  it('drops a waiting job whose caller aborts, freeing its place', async () => {
    const queue = new JobQueue(1, 1);
    const first = gate();
    const running = queue.run(() => first.promise, new AbortController().signal);
    const controller = new AbortController();
    const waiting = queue.run(async () => 'never', controller.signal);
    controller.abort(new Error('gone'));
    await expect(waiting).rejects.toThrow('gone');
    expect(queue.load).toEqual({ running: 1, waiting: 0 });
    first.open();
    await running;
  });

  it('frees the slot when a job throws', async () => {
    const queue = new JobQueue(1, 0);
    const signal = new AbortController().signal;
    await expect(queue.run(() => Promise.reject(new Error('boom')), signal)).rejects.toThrow('boom');
    await expect(queue.run(async () => 'ok', signal)).resolves.toBe('ok');
  });
});
