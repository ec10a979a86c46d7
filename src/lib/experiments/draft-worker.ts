/** The worker that reads the experiments page's stored draft off the page's thread (page-store.ts). */
import { createStore, get } from 'idb-keyval';
import { failedAnswer, type WorkerAnswer } from '../worker-answer';
import { storedDraft, type StoredDraft } from './page-draft';
import type { DraftPlace } from './page-store';

self.onmessage = (event: MessageEvent<DraftPlace>) => {
  const { database, storeName, key } = event.data;
  // Every failure becomes an answer, the check's own included: a rejection left unhandled here
  // reaches no one, and the page would wait for its draft for ever.
  void get(key, createStore(database, storeName))
    .then((raw): WorkerAnswer<StoredDraft> => ({ ok: true, result: storedDraft(raw) }))
    .catch(failedAnswer)
    .then((answer) => self.postMessage(answer));
};
