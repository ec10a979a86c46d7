/** The worker that reads a dataset file off the page's thread (see dataset-off-thread.ts). */
import { failedAnswer, type WorkerAnswer } from '../worker-answer';
import { readDataset, type DatasetFormat, type DatasetRead } from './dataset';
import { withinPageRows } from './page-dataset-limits';

export interface DatasetTask {
  file: Blob;
  format: DatasetFormat;
  /** Rows the page holds: more are refused here, so they are never copied to the page. */
  maxRows: number;
}

self.onmessage = (event: MessageEvent<DatasetTask>) => {
  const { file, format, maxRows } = event.data;
  // Every failure becomes an answer: a rejection left unhandled here reaches no one.
  void file
    .text()
    .then((text): WorkerAnswer<DatasetRead> => ({
      ok: true,
      result: withinPageRows(readDataset(text, format), maxRows),
    }))
    .catch(failedAnswer)
    .then((answer) => self.postMessage(answer));
};
