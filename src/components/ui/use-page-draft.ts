import { useCallback, useEffect, useRef, useState } from 'react';
import type { PageDraftSession } from '../../lib/page-drafts/page-draft-session';

/** Opens a page's kept work; its code (storage, checks) is fetched when the page opens. */
export type OpenPageDraft<S, R> = () => Promise<
  (onWriteError: (error: unknown) => void) => PageDraftSession<S, R>
>;

export interface PageDraft<S, R> {
  /** Null until what was kept has been read (or found unreadable: the page then starts empty). */
  loaded: { restored: R | null } | null;
  /** What the person should know about what was or was not kept, each until dismissed. */
  notices: string[];
  dismiss: (notice: string) => void;
  /** Keeps the page's state: once changes pause, or `now` (a request that starts). */
  keep: (state: S, now?: boolean) => void;
}

/**
 * A page's work kept across leaving and reloading it: read once when the page opens, written as it
 * changes (debounced; at once when the page is hidden, left or a request starts). A failed read or
 * write is said, never swallowed; the page works on either way. `open` must be stable (module-level).
 */
export function usePageDraft<S, R>(open: OpenPageDraft<S, R>): PageDraft<S, R> {
  const [loaded, setLoaded] = useState<{ restored: R | null } | null>(null);
  const [notices, setNotices] = useState<string[]>([]);
  const session = useRef<PageDraftSession<S, R> | null>(null);
  const say = useCallback(
    (notice: string) => setNotices((shown) => (shown.includes(notice) ? shown : [...shown, notice])),
    [],
  );

  useEffect(() => {
    let live = true;
    let opened: PageDraftSession<S, R> | null = null;
    const unread = (error: unknown) => {
      if (!live) return;
      say(`Your last work here could not be read, so the page starts empty. ${messageOf(error)}`);
      setLoaded({ restored: null });
    };
    open()
      .then((start) => {
        if (!live) return;
        opened = start((error) =>
          say(`Your work here is not being kept across a reload. ${messageOf(error)}`),
        );
        session.current = opened;
        return opened.read().then(({ restored, notices: found }) => {
          if (!live) return;
          found.forEach(say);
          setLoaded({ restored });
        }, unread);
      })
      .catch(unread);
    return () => {
      live = false;
      // What was typed last, or the request that was running, is written as the page goes.
      if (opened) void opened.dispose();
      if (session.current === opened) session.current = null;
    };
  }, [open, say]);

  const keep = useCallback((state: S, now = false) => session.current?.keep(state, now), []);
  const dismiss = useCallback(
    (notice: string) => setNotices((shown) => shown.filter((n) => n !== notice)),
    [],
  );
  return { loaded, notices, dismiss, keep };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
