export type PersistResult = 'granted' | 'denied' | 'unsupported';

/**
 * Asks the browser to keep this site's storage when space runs low (otherwise conversations may be
 * evicted). Never throws.
 */
export async function askPersistentStorage(): Promise<PersistResult> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  if (!storage?.persist) return 'unsupported';
  try {
    if (await storage.persisted?.()) return 'granted';
    return (await storage.persist()) ? 'granted' : 'denied';
  } catch {
    return 'denied';
  }
}

/**
 * `askPersistentStorage` once: later calls return the first answer. One per app (see `ChatStores`),
 * so the browser is asked once per page load and a test's app asks its own.
 */
export function createPersistentStorageRequest(): () => Promise<PersistResult> {
  let request: Promise<PersistResult> | null = null;
  return () => (request ??= askPersistentStorage());
}
