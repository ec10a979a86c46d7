/**
 * Why storage failed: `quota` (the browser's storage for this site is full), `unavailable`
 * (IndexedDB is missing or blocked, e.g. some private modes), `damaged` (a stored conversation is
 * not one this version can open: `issues` says why; its raw data can still be exported and it can
 * be deleted), or `failed` (anything else).
 */
export type StorageErrorKind = 'quota' | 'unavailable' | 'damaged' | 'failed';

/** A storage failure as a value the UI can show: what failed, why, and what to do. */
export class StorageError extends Error {
  override readonly name = 'StorageError';
  readonly kind: StorageErrorKind;
  /** What was being done, e.g. `save conversation "Trip plan"`. */
  readonly operation: string;
  /** What the person can do about it. */
  readonly hint: string;
  /** With `damaged`: what is wrong with the record, each with its path in it. */
  readonly issues?: readonly { path: string; reason: string }[];

  constructor(kind: StorageErrorKind, operation: string, detail: string, cause?: unknown) {
    const hint =
      kind === 'quota'
        ? 'Delete or export old conversations to free space, or allow this site more storage in the browser settings.'
        : kind === 'unavailable'
          ? 'The browser blocks IndexedDB here (private mode or storage disabled); conversations will not survive a reload.'
          : kind === 'damaged'
            ? 'Export it to keep what it holds, then delete it; the other conversations are not affected.'
            : 'Try again; if it keeps failing, export the conversation to keep it.';
    super(`Could not ${operation}: ${detail}`, cause === undefined ? undefined : { cause });
    this.kind = kind;
    this.operation = operation;
    this.hint = hint;
  }
}

function isQuotaError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, code } = error as { name?: unknown; code?: unknown };
  // Firefox used NS_ERROR_DOM_QUOTA_REACHED; code 22 is the legacy QUOTA_EXCEEDED_ERR.
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED' || code === 22;
}

/** Classifies anything IndexedDB threw while doing `operation`. Never loses the original error. */
export function toStorageError(error: unknown, operation: string): StorageError {
  if (error instanceof StorageError) return error;
  if (isQuotaError(error) || isQuotaError((error as { cause?: unknown } | null)?.cause)) {
    return new StorageError('quota', operation, 'the browser storage for this site is full.', error);
  }
  const name = (error as { name?: unknown } | null)?.name;
  const message = error instanceof Error ? error.message : String(error);
  if (name === 'InvalidStateError' || name === 'SecurityError' || typeof indexedDB === 'undefined') {
    return new StorageError('unavailable', operation, `IndexedDB is not available (${message}).`, error);
  }
  return new StorageError(
    'failed',
    operation,
    `${typeof name === 'string' ? `${name}: ` : ''}${message}`,
    error,
  );
}

/** Runs `task`, turning any failure into a `StorageError` for `operation`. */
export async function guard<T>(operation: string, task: () => Promise<T>): Promise<T> {
  try {
    return await task();
  } catch (error) {
    throw toStorageError(error, operation);
  }
}
