import { useCallback, useState } from 'react';
import type { ImportIssue } from '../../lib/chat';
import type { Comparison, ComparisonSummary } from '../../lib/compare/comparison';
import { createComparisonStore } from '../../lib/compare/comparison-store';
import { useIsMounted } from '../../components/ui/use-is-mounted';

const newId = () => globalThis.crypto.randomUUID();
// Export and import (the format and its checks) load when first used, not with the page.
const loadFormat = () => import('../../lib/compare/comparison-format');

/** The saved comparisons: the list, and opening, deleting, exporting and importing one. */
export function useSavedComparisons() {
  const [store] = useState(() => createComparisonStore());
  const [summaries, setSummaries] = useState<ComparisonSummary[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [importIssues, setImportIssues] = useState<ImportIssue[] | null>(null);
  // A run's last save (when leaving the page stops it) ends after the page is gone: its answers go
  // nowhere rather than into a page that no longer exists.
  const isMounted = useIsMounted();

  // Every storage failure is shown (until dismissed), never swallowed.
  const attempt = useCallback(
    async <T>(task: () => Promise<T>): Promise<T | undefined> => {
      try {
        return await task();
      } catch (failure) {
        if (isMounted()) setError(failure instanceof Error ? failure.message : String(failure));
        return undefined;
      }
    },
    [isMounted],
  );

  const refresh = useCallback(async () => {
    const list = await attempt(() => store.list());
    if (list && isMounted()) setSummaries(list);
    return list ?? [];
  }, [attempt, store, isMounted]);

  return {
    summaries,
    error,
    importIssues,
    refresh,
    save: (comparison: Comparison) => store.save(comparison),
    reportError: (failure: unknown) => {
      if (isMounted()) setError(failure instanceof Error ? failure.message : String(failure));
    },
    dismissError: () => setError(null),
    load: (id: string) => attempt(() => store.load(id)),
    remove: async (id: string) => {
      await attempt(() => store.remove(id));
      await refresh();
    },
    exportJson: async (id: string) => {
      const comparison = await attempt(() => store.load(id));
      return comparison ? (await loadFormat()).exportComparison(comparison) : null;
    },
    /** Saves a valid export (under a new id when its id is taken) and returns it; lists the issues otherwise. */
    importText: async (text: string): Promise<Comparison | null> => {
      const result = (await loadFormat()).parseComparisonExport(text);
      if (!result.ok) {
        setImportIssues(result.issues);
        return null;
      }
      setImportIssues(null);
      const taken = await attempt(() => store.has(result.comparison.id));
      if (taken === undefined) return null;
      const comparison = taken ? { ...result.comparison, id: newId() } : result.comparison;
      const saved = await attempt(async () => {
        await store.save(comparison);
        return true;
      });
      await refresh();
      return saved ? comparison : null;
    },
  };
}

export type SavedComparisonsApi = ReturnType<typeof useSavedComparisons>;
