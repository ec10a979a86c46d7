/**
 * Reads a dataset file in a worker of its own: a 50 MB CSV takes seconds to decode, split and hash
 * (every row's id is a hash of its variables), and none of it may hold the page. The file itself is
 * handed over (a Blob is passed by reference), so the page never holds its text. Where there are no
 * workers (tests in jsdom) it is read here.
 */
import { askWorker } from '../worker-answer';
import { PAGE_DATASET_LIMITS, withinPageRows } from './page-dataset-limits';
import type { DatasetFormat, DatasetRead } from './dataset';
import type { DatasetTask } from './dataset-worker';

/**
 * Reads `file` as `format`, refusing more rows than the page holds (`maxRows`); rejects when the
 * file cannot be read or `signal` aborts (the worker ends).
 */
export async function readDatasetOffThread(
  file: Blob,
  format: DatasetFormat,
  signal?: AbortSignal,
  maxRows: number = PAGE_DATASET_LIMITS.maxRows,
): Promise<DatasetRead> {
  if (typeof Worker === 'undefined') {
    const { readDataset } = await import('./dataset');
    const text = await file.text();
    signal?.throwIfAborted();
    return withinPageRows(readDataset(text, format), maxRows);
  }
  return askWorker<DatasetRead>(
    () => new Worker(new URL('./dataset-worker.ts', import.meta.url), { type: 'module' }),
    { file, format, maxRows } satisfies DatasetTask,
    'its reader (a worker) failed to start',
    signal,
  );
}
