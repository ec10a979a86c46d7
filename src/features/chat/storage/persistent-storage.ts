export type PersistResult = 'granted' | 'denied' | 'unsupported';

let request: Promise<PersistResult> | null = null;

/**
 * Asks the browser, once per page load, to keep this site's storage when space runs low (otherwise
 * conversations may be evicted). Later calls return the first answer. Never throws.
 */
export function requestPersistentStorage(): Promise<PersistResult> {
  request ??= (async () => {
    const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
    if (!storage?.persist) return 'unsupported';
    try {
      if (await storage.persisted?.()) return 'granted';
      return (await storage.persist()) ? 'granted' : 'denied';
    } catch {
      return 'denied';
    }
  })();
  return request;
}

/** For tests: forget the answer so the next call asks again. */
export function resetPersistentStorageRequest(): void {
  request = null;
}
