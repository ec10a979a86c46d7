import type { Conversation } from '../../../lib/chat';
import { toStorageError, type StorageError } from './storage-error';

export interface AutosaverOptions {
  save: (conversation: Conversation) => Promise<void>;
  /** Quiet time after the last change before writing, ms (default 300). */
  debounceMs?: number;
  /**
   * Longest a change may wait, ms (default 500). While a reply streams, changes never go quiet, so
   * this is what saves the partial reply about twice a second.
   */
  maxWaitMs?: number;
  /** Called with every failed write (quota errors included); the next change tries again. */
  onError?: (error: StorageError) => void;
  /** Where to listen for `pagehide` / `visibilitychange`; defaults to the page's window. */
  target?: Window;
}

export interface Autosaver {
  /** Notes the latest state of a conversation; it is written soon (see the options). */
  schedule(conversation: Conversation): void;
  /** Writes any pending state now; resolves when written (rejects with the StorageError). */
  flush(): Promise<void>;
  /** The last write's error, or null after a successful write. */
  readonly lastError: StorageError | null;
  /** Flushes, then stops listening. */
  dispose(): Promise<void>;
}

/**
 * Debounced saving for conversations that change quickly. Writes run one at a time; the newest state
 * wins. When the page is hidden or unloaded (`visibilitychange` to hidden, `pagehide`) the pending
 * state is written at once, so a reload mid-stream finds the partial reply.
 */
export function createAutosaver(options: AutosaverOptions): Autosaver {
  const debounceMs = options.debounceMs ?? 300;
  const maxWaitMs = options.maxWaitMs ?? 500;
  const target = options.target ?? (typeof window === 'undefined' ? undefined : window);
  const pending = new Map<string, Conversation>();
  let firstPendingAt: number | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let writing: Promise<void> = Promise.resolve();
  let lastError: StorageError | null = null;

  const write = async (): Promise<void> => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    firstPendingAt = null;
    const batch = [...pending.values()];
    pending.clear();
    let failure: StorageError | null = null;
    // Every conversation of the batch is tried: one failed write must not keep the others from disk.
    for (const conversation of batch) {
      try {
        await options.save(conversation);
      } catch (error) {
        failure = toStorageError(error, `save conversation "${conversation.title}"`);
        // Keep it pending unless something newer arrived meanwhile, so nothing is silently dropped.
        if (!pending.has(conversation.id)) pending.set(conversation.id, conversation);
        options.onError?.(failure);
      }
    }
    lastError = failure;
    if (failure) throw failure;
  };

  const flush = (): Promise<void> => {
    writing = writing.catch(() => undefined).then(write);
    return writing;
  };

  const onHide = () => {
    if (pending.size > 0) flush().catch(() => undefined); // reported through onError
  };
  const onVisibility = () => {
    if (target?.document.visibilityState === 'hidden') onHide();
  };
  target?.addEventListener('pagehide', onHide);
  target?.document.addEventListener('visibilitychange', onVisibility);

  return {
    schedule(conversation) {
      pending.set(conversation.id, conversation);
      const at = Date.now();
      firstPendingAt ??= at;
      if (timer !== null) clearTimeout(timer);
      const wait = Math.max(0, Math.min(debounceMs, firstPendingAt + maxWaitMs - at));
      timer = setTimeout(() => void flush().catch(() => undefined), wait);
    },
    flush,
    get lastError() {
      return lastError;
    },
    async dispose() {
      target?.removeEventListener('pagehide', onHide);
      target?.document.removeEventListener('visibilitychange', onVisibility);
      if (pending.size > 0) await flush();
    },
  };
}
