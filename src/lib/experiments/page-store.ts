/**
 * Where the experiments page keeps its work in IndexedDB: the draft (one key), and every cell's
 * result the moment it is graded (one key per cell, `<runId>\n<cellId>`), so a reload or a crash
 * loses only the cells in flight and a resumed run skips the rest. A database of its own: idb-keyval
 * makes one object store per database. Everything read back is checked before the page sees it.
 */
import { createStore, del, get, promisifyRequest, set } from 'idb-keyval';
import { askWorker, WorkerStartError } from '../worker-answer';
import { storedDraft, type PageDraft, type StoredDraft } from './page-draft';
import type { CellResult } from './cell-result';
import type { ResultStore } from './run-types';

const DATABASE = 'svc-playground-experiments';
const STORE_NAME = 'experiments';
const DRAFT_KEY = 'draft';
const RESULTS_PREFIX = 'result:';

const prefixOf = (runId: string) => `${RESULTS_PREFIX}${runId}\n`;

async function attempt<T>(operation: string, task: () => Promise<T>): Promise<T> {
  try {
    return await task();
  } catch (error) {
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    throw new Error(`Could not ${operation} (browser storage): ${reason}`, { cause: error });
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/**
 * A stored result, checked for what the page reads of it; null when it is not one (the cell then
 * counts as not run, and runs again, rather than showing a half-read result).
 */
export function readStoredResult(raw: unknown): CellResult | null {
  if (!isObject(raw) || typeof raw.cellId !== 'string') return null;
  if (raw.requestKey !== null && typeof raw.requestKey !== 'string') return null;
  const { outcome, grade } = raw;
  if (!isObject(outcome) || !isObject(grade)) return null;
  if (!isObject(outcome.timings)) return null;
  if (outcome.reply !== null && (!isObject(outcome.reply) || !('content' in outcome.reply))) return null;
  if (outcome.error !== null && (!isObject(outcome.error) || typeof outcome.error.message !== 'string'))
    return null;
  if (typeof grade.pass !== 'boolean' || typeof grade.score !== 'number') return null;
  if (!Array.isArray(grade.results) || !Array.isArray(grade.pending)) return null;
  if (
    !grade.results.every(
      (r) =>
        isObject(r) &&
        typeof r.type === 'string' &&
        typeof r.pass === 'boolean' &&
        typeof r.reason === 'string',
    )
  )
    return null;
  return raw as unknown as CellResult;
}

/** Where a draft is read from, as a worker is told it. */
export interface DraftPlace {
  database: string;
  storeName: string;
  key: string;
}

/**
 * The stored draft read and checked in a worker: a dataset of 10,000 rows is checked again row by
 * row, and every row's id hashed, which held the page for most of a second on reload. Where there
 * are no workers (tests in jsdom), or the worker cannot start (its code gone after an update under
 * an open tab), `readHere` reads it on the page's thread: a page that took that for a storage
 * failure would start afresh and save over the stored draft.
 */
async function readDraft(place: DraftPlace, readHere: () => Promise<unknown>): Promise<StoredDraft> {
  if (typeof Worker === 'undefined') return storedDraft(await readHere());
  try {
    return await askWorker<StoredDraft>(
      () => new Worker(new URL('./draft-worker.ts', import.meta.url), { type: 'module' }),
      place,
      'its reader (a worker) failed to start',
    );
  } catch (error) {
    if (error instanceof WorkerStartError) return storedDraft(await readHere());
    throw error;
  }
}

export function createExperimentStore(database: string = DATABASE) {
  const store = createStore(database, STORE_NAME);
  /** Every result stored under a run. */
  const results = (runId: string) =>
    attempt('read the run’s results', async () => {
      const prefix = prefixOf(runId);
      const range = IDBKeyRange.bound(prefix, `${prefix}\uffff`);
      const raw = await store('readonly', (s) => promisifyRequest(s.getAll(range)));
      return (raw as unknown[]).map(readStoredResult).filter((r): r is CellResult => r !== null);
    });

  return {
    /** The stored draft; `problems` when one is stored but cannot be read. */
    loadDraft: () =>
      attempt('read the experiment', () =>
        readDraft({ database, storeName: STORE_NAME, key: DRAFT_KEY }, () => get(DRAFT_KEY, store)),
      ),
    saveDraft: (draft: PageDraft) => attempt('save the experiment', () => set(DRAFT_KEY, draft, store)),
    results,
    /** The run engine's store for one run: each result kept as it is graded. */
    resultStore: (runId: string): ResultStore => ({
      all: () => results(runId),
      put: (result) =>
        attempt('save a cell’s result', () => set(`${prefixOf(runId)}${result.cellId}`, result, store)),
    }),
    /** Deletes a run's results (a run no longer shown nor a baseline). */
    removeRun: (runId: string) =>
      attempt('delete the run’s results', async () => {
        const prefix = prefixOf(runId);
        const range = IDBKeyRange.bound(prefix, `${prefix}\uffff`);
        await store('readwrite', (s) => promisifyRequest(s.delete(range)));
      }),
    deleteDraft: () => attempt('delete the experiment', () => del(DRAFT_KEY, store)),
  };
}

export type ExperimentStore = ReturnType<typeof createExperimentStore>;
