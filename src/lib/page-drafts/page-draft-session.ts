import { createDraftWriter } from './draft-writer';
import { createPageDraftStore, type DraftPage, type PageDraftStore } from './page-draft-store';

/** How a page's state goes to storage and comes back. */
export interface PageDraftIO<S, R> {
  /** What the page kept (null: nothing), and what to tell the person (a damaged record, a file not kept). */
  read: (store: PageDraftStore) => Promise<{ restored: R | null; notices: string[] }>;
  write: (store: PageDraftStore, state: S) => Promise<void>;
}

/** One visit's link to a page's kept work. */
export interface PageDraftSession<S, R> {
  /** Reads what was kept (rejects when storage cannot be read at all). */
  read: () => Promise<{ restored: R | null; notices: string[] }>;
  /** Keeps the page's state: once changes pause, or `now` (a request that starts). */
  keep: (state: S, now: boolean) => void;
  /** Writes what is pending, then stops. */
  dispose: () => Promise<void>;
}

/**
 * Opens a page's kept work: reads go through the page's checks, writes are debounced and written at
 * once when the page is hidden or left. Loaded with the page's first read, not with the page.
 */
export function openPageDraft<S, R>(
  page: DraftPage,
  io: PageDraftIO<S, R>,
  onWriteError: (error: unknown) => void,
  store: PageDraftStore = createPageDraftStore(page),
): PageDraftSession<S, R> {
  const writer = createDraftWriter<S>((state) => io.write(store, state), { onError: onWriteError });
  return {
    read: () => io.read(store),
    keep: (state, now) => {
      writer.schedule(state);
      if (now) void writer.flush();
    },
    dispose: () => writer.dispose(),
  };
}
