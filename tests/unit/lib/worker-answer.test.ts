import { describe, expect, it } from 'vitest';
import { askWorker, failedAnswer, WorkerStartError } from '../../../src/lib/worker-answer';

/** A stand-in for a one-task worker: answers each task with `reply`, or fails to start. */
class FakeWorker {
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  onmessageerror: ((event: MessageEvent) => void) | null = null;
  terminated = false;
  posted: unknown[] = [];
  constructor(private readonly reply: ((task: unknown) => unknown) | 'fail' | 'never' | 'garbled') {}
  postMessage(task: unknown) {
    this.posted.push(task);
    queueMicrotask(() => {
      if (this.reply === 'never') return;
      if (this.reply === 'garbled') this.onmessageerror?.({} as MessageEvent);
      else if (this.reply === 'fail')
        this.onerror?.({ message: '', preventDefault: () => undefined } as unknown as ErrorEvent);
      else this.onmessage?.({ data: this.reply(task) } as MessageEvent);
    });
  }
  terminate() {
    this.terminated = true;
  }
}

const ask = <T>(worker: FakeWorker, task: unknown, signal?: AbortSignal) =>
  askWorker<T>(() => worker as unknown as Worker, task, 'its worker failed to start', signal);

describe('asking a one-task worker', () => {
  it('resolves with its result and ends it', async () => {
    const worker = new FakeWorker((task) => ({ ok: true, result: { doubled: (task as number) * 2 } }));
    await expect(ask(worker, 21)).resolves.toEqual({ doubled: 42 });
    expect(worker.posted).toEqual([21]);
    expect(worker.terminated).toBe(true);
  });

  it('rejects with the message of what the worker could not do, and ends it', async () => {
    const worker = new FakeWorker(() => failedAnswer(new Error('line 3, column 2: a quote is not closed')));
    await expect(ask(worker, 'task')).rejects.toThrow('line 3, column 2: a quote is not closed');
    expect(worker.terminated).toBe(true);
    expect(failedAnswer('plain')).toEqual({ ok: false, message: 'plain' });
  });

  it('says the worker did not start when it fails before answering', async () => {
    const worker = new FakeWorker('fail');
    await expect(ask(worker, 'task')).rejects.toThrow('its worker failed to start');
    await expect(ask(new FakeWorker('fail'), 'task')).rejects.toBeInstanceOf(WorkerStartError);
    expect(worker.terminated).toBe(true);
  });

  it('rejects, never waits for ever, when its answer cannot be read', async () => {
    const worker = new FakeWorker('garbled');
    await expect(ask(worker, 'task')).rejects.toThrow('its answer could not be read');
    expect(worker.terminated).toBe(true);
  });

  it('stops on abort with the signal’s reason, and makes no worker when aborted before', async () => {
    const waiting = new FakeWorker('never');
    const controller = new AbortController();
    const asked = ask(waiting, 'task', controller.signal);
    controller.abort(new Error('a second file was chosen'));
    await expect(asked).rejects.toThrow('a second file was chosen');
    expect(waiting.terminated).toBe(true);

    let made = 0;
    await expect(
      askWorker(() => (made++, new FakeWorker('never') as unknown as Worker), 'task', 'x', controller.signal),
    ).rejects.toThrow('a second file was chosen');
    expect(made).toBe(0);
  });
});
