/** The worker that reads the experiments page's stored draft off the page's thread (page-store.ts). */
import { createStore, get } from 'idb-keyval';
import { failedAnswer, type WorkerAnswer } from '../worker-answer';
import { storedDraft, type StoredDraft } from './page-draft';
import type { DraftPlace } from './page-store';

self.onmessage = (event: MessageEvent<DraftPlace>) => {
  const { database, storeName, key } = event.data;
  void get(key, createStore(database, storeName)).then(
    (raw) => self.postMessage({ ok: true, result: storedDraft(raw) } satisfies WorkerAnswer<StoredDraft>),
    (error: unknown) => self.postMessage(failedAnswer(error)),
  );
};
