import { useCallback, useEffect, useRef, useState } from 'react';
import { defaultDraft, type PageDraft } from '../../lib/experiments/page-draft';
import type { ExperimentStore } from '../../lib/experiments/page-store';
import type { Variant } from '../../lib/compare/variants';

/** Edits are written this long after the last one: typing in a 10,000-row table writes once. */
const SAVE_DELAY_MS = 400;

/**
 * The page's draft: read from storage once (a damaged one is refused, saying why, and the page starts
 * afresh), then written shortly after each change, and at once when the page is left.
 */
export function useExperimentDraft(
  store: ExperimentStore,
  newId: () => string,
  freshVariant: (temperature: number) => Variant,
) {
  const [draft, setDraft] = useState<PageDraft | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const pending = useRef<PageDraft | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    let live = true;
    store
      .loadDraft()
      .then(({ draft: stored, problems }) => {
        if (!live) return;
        if (problems.length > 0)
          setNotice(
            `The stored experiment could not be read (${problems.join('; ')}); a new one was started.`,
          );
        if (stored) setDraft(stored);
        else {
          // Kept at once: its run id names the results a reload must find.
          const fresh = defaultDraft(newId, freshVariant);
          setDraft(fresh);
          void store.saveDraft(fresh).catch((error: Error) => setNotice(error.message));
        }
      })
      .catch((error: Error) => {
        if (!live) return;
        setNotice(`${error.message}. Changes will not be kept after a reload.`);
        setDraft(defaultDraft(newId, freshVariant));
      });
    return () => {
      live = false;
    };
    // Once, on mount: the store and factories are the page's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const flush = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    const next = pending.current;
    pending.current = null;
    if (next) void store.saveDraft(next).catch((error: Error) => setNotice(error.message));
  }, [store]);

  useEffect(() => flush, [flush]);

  const update = useCallback(
    (change: (draft: PageDraft) => PageDraft) => {
      setDraft((current) => {
        if (!current) return current;
        const next = change(current);
        pending.current = next;
        return next;
      });
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = setTimeout(flush, SAVE_DELAY_MS);
    },
    [flush],
  );

  return { draft, update, flush, notice };
}
