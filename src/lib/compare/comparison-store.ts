import { createStore, del, get, set, update, type UseStore } from 'idb-keyval';
import { afterReload } from './cell-view';
import { summaryOf, type Comparison, type ComparisonSummary } from './comparison';

// A database of its own: idb-keyval makes one object store per database, and the conversations'
// database already exists without this one.
const DATABASE = 'svc-playground-compare';
const INDEX_KEY = 'comparisons:index';
const keyOf = (id: string) => `comparison:${id}`;

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
  const updateIndex = (change: (entries: ComparisonSummary[]) => ComparisonSummary[]) =>
    update<ComparisonSummary[]>(INDEX_KEY, (entries) => change(entries ?? []), store);

  return {
    /** Most recently updated first. */
    list: () =>
      attempt('list the saved comparisons', async () =>
        ((await get<ComparisonSummary[]>(INDEX_KEY, store)) ?? []).sort((a, b) => b.updatedAt - a.updatedAt),
      ),

    /** A comparison, or null; cells that were running when it was saved come back `interrupted`. */
    load: (id: string) =>
      attempt('open the comparison', async () => {
        const comparison = await get<Comparison>(keyOf(id), store);
        // Comparisons saved before examples existed have none.
        return comparison
          ? {
              ...comparison,
              fewShot: comparison.fewShot ?? [],
              functions: comparison.functions ?? [],
              cells: comparison.cells.map(afterReload),
            }
          : null;
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
