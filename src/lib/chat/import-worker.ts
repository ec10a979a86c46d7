/** The worker that reads imports off the page's thread (see import-tasks.ts). */
import { runImportTask, type ImportTask } from './import-tasks';

self.onmessage = (event: MessageEvent<ImportTask>) => {
  void runImportTask(event.data).then(
    (result) => self.postMessage({ ok: true, result }),
    (error: unknown) =>
      self.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) }),
  );
};
