import type { ImportTask, ImportTaskResults } from './import-tasks';

type Answer<T> = { ok: true; result: T } | { ok: false; message: string };

/**
 * Runs an import task in a worker of its own, so the page stays responsive however large or
 * hostile the input; the worker is ended with the answer. Where there are no workers (tests in
 * jsdom, an old browser) it runs here, with `createId` for ids (tests pass their own).
 */
export async function importOffThread<K extends ImportTask['kind']>(
  task: Extract<ImportTask, { kind: K }>,
  createId?: () => string,
): Promise<ImportTaskResults[K]> {
  if (typeof Worker === 'undefined' || createId !== undefined) {
    const { runImportTask } = await import('./import-tasks');
    return (await runImportTask(task, createId)) as ImportTaskResults[K];
  }
  const worker = new Worker(new URL('./import-worker.ts', import.meta.url), { type: 'module' });
  try {
    const answer = await new Promise<Answer<ImportTaskResults[K]>>((resolve, reject) => {
      worker.onmessage = (event: MessageEvent<Answer<ImportTaskResults[K]>>) => resolve(event.data);
      worker.onerror = (event) => {
        event.preventDefault();
        reject(new Error(`the import could not be read: ${event.message || 'its worker failed to start'}`));
      };
      worker.postMessage(task);
    });
    if (!answer.ok) throw new Error(answer.message);
    return answer.result;
  } finally {
    worker.terminate();
  }
}
