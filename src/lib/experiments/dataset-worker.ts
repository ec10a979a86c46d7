/** The worker that reads a dataset file off the page's thread (see dataset-off-thread.ts). */
import { readDataset, type DatasetFormat, type DatasetRead } from './dataset';
import { withinPageRows } from './page-dataset-limits';

export interface DatasetTask {
  file: Blob;
  format: DatasetFormat;
  /** Rows the page holds: more are refused here, so they are never copied to the page. */
  maxRows: number;
}

export type DatasetAnswer = { ok: true; read: DatasetRead } | { ok: false; message: string };

self.onmessage = (event: MessageEvent<DatasetTask>) => {
  const { file, format, maxRows } = event.data;
  void file.text().then(
    (text) =>
      self.postMessage({
        ok: true,
        read: withinPageRows(readDataset(text, format), maxRows),
      } satisfies DatasetAnswer),
    (error: unknown) =>
      self.postMessage({
        ok: false,
        message: error instanceof Error ? error.message : String(error),
      } satisfies DatasetAnswer),
  );
};
