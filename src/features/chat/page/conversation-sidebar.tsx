import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { downloadMarkdown } from './download-markdown';
import { Button } from '../../../components/ui/button';
import { INPUT_CLASS } from '../../../components/ui/field';
import { onDemand } from '../../../components/ui/on-demand';
import { useIsMounted } from '../../../components/ui/use-is-mounted';
import type { ConversationSummary } from '../../../lib/chat';
import type { ConversationsActions } from '../conversations/conversations-types';
import { useConversationActions, useConversationsApi } from './use-conversations';

/** The date of a listed conversation, short: the time today, else the day. */
function shortDate(at: number): string {
  const date = new Date(at);
  const today = new Date().toDateString() === date.toDateString();
  return today
    ? date.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })
    : date.toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
}

// Shown while the row is hovered or holds focus (so the keyboard reaches them), always on touch.
const ROW_ACTIONS =
  'flex flex-wrap gap-0.5 px-1 pb-1 opacity-0 group-hover:opacity-100 group-focus-within:opacity-100 [@media(hover:none)]:opacity-100';

const Item = memo(function Item({
  summary,
  active,
  api,
}: {
  summary: ConversationSummary;
  active: boolean;
  api: Pick<ConversationsActions, 'open' | 'rename' | 'remove' | 'pin' | 'exportMarkdown'>;
}) {
  const [renaming, setRenaming] = useState(false);
  const [title, setTitle] = useState(summary.title);
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (renaming) field.current?.focus();
  }, [renaming]);
  if (renaming) {
    const commit = () => {
      setRenaming(false);
      if (title.trim() !== '' && title !== summary.title) void api.rename(summary.id, title.trim());
    };
    return (
      <li>
        <input
          aria-label={`New title for ${summary.title}`}
          ref={field}
          className={`${INPUT_CLASS} w-full`}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === 'Enter') commit();
            if (e.key === 'Escape') {
              e.stopPropagation();
              setTitle(summary.title);
              setRenaming(false);
            }
          }}
        />
      </li>
    );
  }
  const pinned = summary.pinned === true;
  const exportMarkdown = async () => {
    const markdown = await api.exportMarkdown(summary.id);
    if (markdown !== null) downloadMarkdown(markdown, summary.title);
  };
  return (
    <li
      data-pinned={pinned || undefined}
      className={`group rounded ${active ? 'bg-sky-100 dark:bg-sky-950' : 'hover:bg-zinc-100 dark:hover:bg-zinc-800'}`}
    >
      <button
        type="button"
        aria-current={active || undefined}
        className="block w-full min-w-0 px-2 pt-1 text-left text-sm focus-visible:outline-2 focus-visible:outline-sky-600"
        onClick={() => void api.open(summary.id)}
        aria-label={`Open ${summary.title}`}
        title={summary.title}
      >
        <span className="line-clamp-3 [overflow-wrap:anywhere]">
          {pinned ? (
            <span aria-hidden="true" className="mr-1">
              📌
            </span>
          ) : null}
          {summary.title}
        </span>
        <span className="block truncate text-xs text-zinc-600 dark:text-zinc-400">
          <time dateTime={new Date(summary.updatedAt).toISOString()}>{shortDate(summary.updatedAt)}</time>
          {summary.model !== undefined ? ` · ${summary.model}` : null}
        </span>
      </button>
      <div className={ROW_ACTIONS} data-row-actions="">
        <Button
          size="sm"
          variant="ghost"
          aria-pressed={pinned}
          aria-label={`Pin ${summary.title}`}
          onClick={() => void api.pin(summary.id, !pinned)}
        >
          {pinned ? 'Unpin' : 'Pin'}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          aria-label={`Rename ${summary.title}`}
          onClick={() => {
            setTitle(summary.title);
            setRenaming(true);
          }}
        >
          Rename
        </Button>
        <Button
          size="sm"
          variant="ghost"
          aria-label={`Export ${summary.title} as Markdown`}
          onClick={() => void exportMarkdown()}
        >
          Markdown
        </Button>
        <Button
          size="sm"
          variant="ghost"
          aria-label={`Delete ${summary.title}`}
          onClick={() => void api.remove(summary.id, summary.title)}
        >
          Delete
        </Button>
      </div>
    </li>
  );
});

// The import/export dialog (and the dialog frame itself) load when it is first opened.
const ImportExport = onDemand(() => import('./import-export-dialog').then((m) => m.ImportExportDialog));

/** Fetches the import/export dialog and its forms now (tests, before they open it). */
export async function preloadImportExport(): Promise<void> {
  await ImportExport.preload();
  await (await import('./import-export-dialog')).preloadImportExportPanels();
}

/**
 * Conversations drawn at first, and per "Show more": an import can bring tens of thousands, and a
 * list drawn whole would block the page for seconds; search reaches every one.
 */
const LIST_STEP = 200;

/** The saved conversations: new, search, open, rename, delete with undo, import and export. */
export function ConversationSidebar() {
  const api = useConversationsApi();
  // The same object for the app's life: rows re-render for their own summary only.
  const actions = useConversationActions();
  const [dialog, setDialog] = useState(false);
  const [limit, setLimit] = useState(LIST_STEP);
  const [pinnedOnly, setPinnedOnly] = useState(false);
  const shown = useMemo(() => {
    const found = api.found === null ? null : new Set(api.found);
    return api.summaries.filter(
      (s) => (found === null || found.has(s.id)) && (!pinnedOnly || s.pinned === true),
    );
  }, [api.summaries, api.found, pinnedOnly]);
  const filtered = api.query.trim() !== '' || pinnedOnly;
  const listed = shown.slice(0, limit);
  // The open conversation is always listed, wherever it falls.
  const activeBeyond = shown.slice(limit).find((s) => s.id === api.activeId);
  const more = shown.length - listed.length;
  // Mounted from its first opening on (so what was typed into the import stays across closings).
  const [dialogOpened, setDialogOpened] = useState(false);
  // Which conversation "New" found still empty, as it was saved then: the note goes once another
  // is shown or this one is saved again (a message sent), not only at the next press of New.
  const [stillEmpty, setStillEmpty] = useState<{ id: string; updatedAt: number | undefined } | null>(null);
  // The answer comes after an await: the page (a test's window) may be gone by then.
  const isMounted = useIsMounted();
  const create = async () => {
    setStillEmpty(null);
    const shownId = api.activeId;
    const savedAt = api.summaries.find((s) => s.id === shownId)?.updatedAt;
    const made = await api.create();
    if (isMounted() && !made && shownId !== null) setStillEmpty({ id: shownId, updatedAt: savedAt });
  };
  const emptyNote =
    stillEmpty !== null &&
    stillEmpty.id === api.activeId &&
    api.summaries.find((s) => s.id === stillEmpty.id)?.updatedAt === stillEmpty.updatedAt;
  return (
    <nav aria-label="Conversations" className="flex min-h-0 flex-col gap-2">
      <div className="flex gap-1">
        <Button
          size="sm"
          variant="primary"
          className="flex-1"
          onClick={() => void create()}
          aria-keyshortcuts="Alt+N"
        >
          New conversation
        </Button>
        <Button
          size="sm"
          onClick={() => {
            setDialog(true);
            setDialogOpened(true);
          }}
        >
          Import/Export
        </Button>
      </div>
      <input
        type="search"
        aria-label="Search conversations"
        placeholder="Search titles and messages"
        className={INPUT_CLASS}
        value={api.query}
        onChange={(e) => api.setQuery(e.target.value)}
      />
      <label className="flex items-center gap-1 px-1 text-xs">
        <input type="checkbox" checked={pinnedOnly} onChange={(e) => setPinnedOnly(e.target.checked)} />
        Pinned only
      </label>
      {emptyNote ? (
        <p role="status" className="px-1 text-xs text-zinc-600 dark:text-zinc-400">
          The conversation shown is still empty: it is your new one.
        </p>
      ) : null}
      {api.deletion ? (
        <div
          role="status"
          className="flex items-center justify-between gap-1 rounded bg-zinc-100 px-2 py-1 text-xs dark:bg-zinc-800"
        >
          <span className="truncate">Deleted “{api.deletion.title}”.</span>
          <Button size="sm" onClick={() => void api.deletion?.undo()}>
            Undo
          </Button>
        </div>
      ) : null}
      <ul className="flex min-h-0 flex-1 flex-col gap-0.5 overflow-y-auto" aria-label="Saved conversations">
        {listed.map((summary) => (
          <Item key={summary.id} summary={summary} active={summary.id === api.activeId} api={actions} />
        ))}
        {activeBeyond ? <Item key={activeBeyond.id} summary={activeBeyond} active api={actions} /> : null}
        {more > 0 ? (
          <li>
            <Button size="sm" variant="ghost" className="w-full" onClick={() => setLimit(limit + LIST_STEP)}>
              Show {Math.min(more, LIST_STEP)} more of {more.toLocaleString('en')}
            </Button>
          </li>
        ) : null}
        {shown.length === 0 ? (
          <li className="px-2 text-xs text-zinc-500">
            {filtered ? 'No conversation matches.' : 'No conversations yet.'}
          </li>
        ) : null}
      </ul>
      {dialogOpened ? (
        <ImportExport.Component open={dialog} onClose={() => setDialog(false)} fallback={null} />
      ) : null}
    </nav>
  );
}
