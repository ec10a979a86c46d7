/** What a one-task worker posts back: its result, or why it could not make one. */
export type WorkerAnswer<T> = { ok: true; result: T } | { ok: false; message: string };

/** The answer for an error thrown in a worker, said as its message. */
export const failedAnswer = (error: unknown): WorkerAnswer<never> => ({
  ok: false,
  message: error instanceof Error ? error.message : String(error),
});

/** Said when a worker did not start (its code could not be fetched or run): the task was not tried. */
export class WorkerStartError extends Error {
  override name = 'WorkerStartError';
}

/**
 * Posts `task` to a worker made for it, resolves with its one answer and ends it; rejects with the
 * worker's own message when it could not do the task, with a WorkerStartError saying `startFailure`
 * when it did not start, and with the signal's reason on abort. The worker is made by the caller (`new Worker(new URL(…))` must
 * stand in the caller's module for the bundler to find the worker's code).
 */
export async function askWorker<T>(
  create: () => Worker,
  task: unknown,
  startFailure: string,
  signal?: AbortSignal,
): Promise<T> {
  signal?.throwIfAborted();
  const worker = create();
  try {
    const answer = await new Promise<WorkerAnswer<T>>((resolve, reject) => {
      signal?.addEventListener(
        'abort',
        () => reject(signal.reason ?? new DOMException('The task was stopped.', 'AbortError')),
        { once: true },
      );
      worker.onmessage = (event: MessageEvent<WorkerAnswer<T>>) => resolve(event.data);
      worker.onmessageerror = () => reject(new Error('its answer could not be read (a worker sent it)'));
      worker.onerror = (event) => {
        event.preventDefault();
        reject(new WorkerStartError(event.message || startFailure));
      };
      worker.postMessage(task);
    });
    if (!answer.ok) throw new Error(answer.message);
    return answer.result;
  } finally {
    worker.terminate();
  }
}
