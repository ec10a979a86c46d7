import { createStore, del, get, set, update, type UseStore } from 'idb-keyval';
import { summaryOf, type Comparison, type ComparisonSummary } from './comparison';

// A database of its own: idb-keyval makes one object store per database, and the conversations'
// database already exists without this one.
const DATABASE = 'svc-playground-compare';
const INDEX_KEY = 'comparisons:index';
const keyOf = (id: string) => `comparison:${id}`;

// What reads back stored data (the index, the records) loads with the first read.
const loadFormat = () => import('./comparison-format');

/**
 * Saved comparisons in IndexedDB, as conversations are: one key each plus an index of summaries, so
 * listing never reads every comparison. Failures reject with what was being done.
 */
export function createComparisonStore(store: UseStore = createStore(DATABASE, 'comparisons')) {
  const attempt = async <T>(operation: string, task: () => Promise<T>): Promise<T> => {
    try {
      return await task();
    } catch (error) {
      const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      throw new Error(`Could not ${operation} (browser storage): ${reason}`, { cause: error });
    }
  };
  const updateIndex = async (change: (entries: ComparisonSummary[]) => ComparisonSummary[]) => {
    const { readComparisonIndex } = await loadFormat();
    await update<ComparisonSummary[]>(
      INDEX_KEY,
      (entries) => change(readComparisonIndex(entries, Date.now())),
      store,
    );
  };

  return {
    /** Most recently updated first. */
    list: () =>
      attempt('list the saved comparisons', async () =>
        (await loadFormat())
          .readComparisonIndex(await get(INDEX_KEY, store), Date.now())
          .sort((a, b) => b.updatedAt - a.updatedAt),
      ),

    /**
     * A comparison, or null; cells that were running when it was saved come back `interrupted`. The
     * record is checked as an import is (the checks load with the first one): a damaged one rejects
     * with what is wrong, and never reaches the page.
     */
    load: (id: string) =>
      attempt('open the comparison', async () => {
        const raw: unknown = await get(keyOf(id), store);
        if (raw === undefined) return null;
        // Comparisons saved before examples existed have none.
        if (typeof raw === 'object' && raw !== null) {
          const old = raw as Partial<Comparison>;
          old.fewShot ??= [];
          old.functions ??= [];
        }
        const { readComparison } = await loadFormat();
        const read = readComparison(raw, '$', Date.now());
        if (!read.ok || read.comparison.id !== id) {
          const why = read.ok
            ? ['$.id is not the id it is stored under']
            : read.issues.slice(0, 3).map((i) => `${i.path} ${i.reason}`);
          throw new Error(`its stored record is damaged: ${why.join('; ')}. Delete it and run it again.`);
        }
        return read.comparison;
      }),

    save: (comparison: Comparison) =>
      attempt(`save the comparison "${comparison.title}"`, async () => {
        await set(keyOf(comparison.id), comparison, store);
        const summary = summaryOf(comparison);
        await updateIndex((entries) => [...entries.filter((e) => e.id !== comparison.id), summary]);
      }),

    /** True when one with this id is saved (an import then takes a new id rather than overwrite it). */
    has: (id: string) =>
      attempt('read the saved comparisons', async () => (await get(keyOf(id), store)) !== undefined),

    remove: (id: string) =>
      attempt('delete the comparison', async () => {
        await updateIndex((entries) => entries.filter((e) => e.id !== id));
        await del(keyOf(id), store);
      }),
  };
}

export type ComparisonStore = ReturnType<typeof createComparisonStore>;
