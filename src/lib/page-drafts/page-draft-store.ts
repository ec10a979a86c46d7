import { createStore, delMany, get, keys, setMany, type UseStore } from 'idb-keyval';

/**
 * What the Vision and Audio pages were last doing, kept in IndexedDB so that leaving the page or
 * reloading it loses nothing. A database of its own (idb-keyval makes one object store per
 * database): one record per page (text, URLs, the last result) and each local file the page holds
 * under a key of its own, written once, so a keystroke in the prompt never rewrites a picture.
 */
const DATABASE = 'svc-playground-pages';

export type DraftPage = 'vision' | 'audio';

export interface PageDraftStore {
  /** The page's record as stored (unchecked: check it before use), or undefined. */
  readRecord(): Promise<unknown>;
  /** A file's stored value (unchecked), or undefined. */
  readFile(id: string): Promise<unknown>;
  /**
   * Writes the record and, in the same transaction, each file not yet stored (a file's data never
   * changes under its id, so `value` is made only for a new one); then forgets the page's stored
   * files the record no longer names.
   */
  write(record: unknown, files: readonly { id: string; value: () => unknown }[]): Promise<void>;
}

/** The reason a storage call failed, in words (a full disk named as such). */
export function describeStorageFailure(error: unknown): string {
  const { name, message } = (typeof error === 'object' && error !== null ? error : {}) as {
    name?: unknown;
    message?: unknown;
  };
  if (name === 'QuotaExceededError') return "the browser's storage for this site is full";
  if (typeof indexedDB === 'undefined') return 'this browser offers no IndexedDB here (private mode?)';
  const words = typeof message === 'string' && message !== '' ? message : String(error);
  return typeof name === 'string' && name !== '' ? `${name}: ${words}` : words;
}

export function createPageDraftStore(
  page: DraftPage,
  store: UseStore = createStore(DATABASE, 'drafts'),
): PageDraftStore {
  const recordKey = `${page}:draft`;
  const filePrefix = `${page}:file:`;
  const attempt = async <T>(operation: string, task: () => Promise<T>): Promise<T> => {
    try {
      return await task();
    } catch (error) {
      throw new Error(`Could not ${operation}: ${describeStorageFailure(error)}.`, { cause: error });
    }
  };
  // The files on disk as far as this store knows: written by it, or read back by it.
  const onDisk = new Set<string>();
  return {
    readRecord: () => attempt(`read the ${page} page's last work`, () => get<unknown>(recordKey, store)),
    readFile: (id) =>
      attempt(`read a file of the ${page} page`, async () => {
        const value = await get<unknown>(filePrefix + id, store);
        if (value !== undefined) onDisk.add(id);
        return value;
      }),
    write: (record, files) =>
      attempt(`keep the ${page} page's work`, async () => {
        const added = files.filter(({ id }) => !onDisk.has(id));
        const entries: [string, unknown][] = [[recordKey, record]];
        for (const { id, value } of added) entries.push([filePrefix + id, await value()]);
        await setMany(entries, store);
        for (const { id } of added) onDisk.add(id);
        const named = new Set(files.map(({ id }) => id));
        const stale = (await keys(store)).filter(
          (key): key is string =>
            typeof key === 'string' && key.startsWith(filePrefix) && !named.has(key.slice(filePrefix.length)),
        );
        for (const key of stale) onDisk.delete(key.slice(filePrefix.length));
        if (stale.length > 0) await delMany(stale, store);
      }),
  };
}
