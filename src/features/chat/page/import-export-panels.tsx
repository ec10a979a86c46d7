import { useEffect, useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { CopyButton } from '../../../components/ui/copy-button';
import { downloadJson, ExportedJson } from '../../../components/ui/exported-json';
import { INPUT_CLASS } from '../../../components/ui/field';
import { JsonImport } from '../../../components/ui/json-import';
import { NotedButton } from '../../../components/ui/noted-button';
import type { ConversationExport } from '../../../lib/chat';
import { MAX_IMPORT_BYTES, type ImportManyResult } from '../../../lib/chat/conversation-import';
import { hiddenVersionCount, linearPath } from '../../../lib/chat/conversation-tree';
import { useConversationsApi } from './use-conversations';

const plural = (n: number, word: string) => `${n.toLocaleString('en')} ${word}${n === 1 ? '' : 's'}`;

/** An export and the same conversation with only its path shown, when it has other versions. */
function readVersions(json: string): { others: number; pathOnly: string } | null {
  const doc = JSON.parse(json) as ConversationExport;
  const others = hiddenVersionCount(doc.conversation.branches ?? {});
  if (others === 0) return null;
  return {
    others,
    pathOnly: JSON.stringify({ ...doc, conversation: linearPath(doc.conversation) }, null, 2),
  };
}

/** The open conversation's export: shown, copyable and downloadable; whole, or the path shown alone. */
function ExportOne({ open }: { open: boolean }) {
  const api = useConversationsApi();
  const [whole, setExported] = useState<string | null>(null);
  const [pathOnly, setPathOnly] = useState(false);
  const versions = useMemo(() => (whole ? readVersions(whole) : null), [whole]);
  const exported = pathOnly && versions ? versions.pathOnly : whole;
  const activeId = api.activeId;
  // The list follows saves (a first message names a new conversation); the opened snapshot does not.
  const title = api.summaries.find((s) => s.id === activeId)?.title ?? 'conversation';

  useEffect(() => {
    if (!open || !activeId) return;
    let live = true;
    void api.exportJson(activeId).then((json) => live && setExported(json));
    return () => {
      live = false;
    };
    // Export once per opening: the JSON is a snapshot.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, activeId]);

  return (
    <ExportedJson
      title={title}
      json={exported}
      fileName={title}
      options={
        versions ? (
          <label className="flex items-center gap-2 text-xs">
            <input type="checkbox" checked={pathOnly} onChange={(e) => setPathOnly(e.target.checked)} />
            Only the path shown (leave out {plural(versions.others, 'other version')})
          </label>
        ) : null
      }
    />
  );
}

/**
 * The open conversation as a link: the whole conversation rides in the link's fragment, which a
 * browser never sends to a server, and the export holds no key.
 */
function ShareLink() {
  const api = useConversationsApi();
  const [link, setLink] = useState<{ id: string; url: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const activeId = api.activeId;
  const shown = link && link.id === activeId ? link.url : null;
  const make = async () => {
    if (!activeId) return;
    setBusy(true);
    setProblem(null);
    try {
      const url = await api.shareLink(activeId);
      if (url) setLink({ id: activeId, url });
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };
  const kb = shown ? Math.ceil(shown.length / 1000) : 0;
  return (
    <section aria-label="Share as a link" className="mt-4 flex flex-col gap-1">
      <h3 className="text-sm font-semibold">Share as a link</h3>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        The link holds the whole conversation, compressed, after its <code className="font-mono">#</code>: it
        is never sent to a server, and it holds no key. Anyone with the link can read the conversation;
        opening it adds a copy to their conversations.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" disabled={!activeId || busy} onClick={() => void make()}>
          {shown ? 'Make the link again' : 'Make a link'}
        </Button>
        {shown ? <CopyButton text={shown} label="Copy link" /> : null}
      </div>
      {problem ? (
        <p role="alert" className="text-xs text-red-700 dark:text-red-400">
          {problem}
        </p>
      ) : null}
      {shown ? (
        <>
          <input
            aria-label="Share link"
            readOnly
            className={`${INPUT_CLASS} font-mono text-xs`}
            value={shown}
          />
          <p className="text-xs text-zinc-600 dark:text-zinc-400">
            {kb} KB.
            {kb > 32
              ? ' Some chat apps and mail clients cut links this long; an export file travels whole.'
              : ''}
          </p>
        </>
      ) : null}
    </section>
  );
}

/** Every saved conversation as one file, which the import below takes back. */
function ExportAll() {
  const api = useConversationsApi();
  const exportAll = async () => {
    // What is on screen is in the file, even a change the autosaver has not written yet; a
    // failure is said by the page's storage notice.
    const all = await api.exportAllJson();
    if (!all) return null;
    downloadJson(all.json, `conversations-${new Date().toISOString().slice(0, 10)}`);
    return `Exported ${plural(all.count, 'conversation')}.`;
  };
  return (
    <section aria-label="Export all" className="mt-4 flex flex-col gap-1">
      <h3 className="text-sm font-semibold">All conversations</h3>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        One JSON file of every saved conversation; importing it adds each one as a new conversation.
      </p>
      <NotedButton label="Download all as JSON" run={exportAll} />
    </section>
  );
}

/** What an import of many conversations did: how many went in, and each refused one with why. */
function ManyReport({ result }: { result: Extract<ImportManyResult, { ok: true }> }) {
  const { conversations, refused } = result;
  const unlisted = result.unlisted ?? 0;
  return (
    <>
      <p role="status" className="text-xs text-zinc-700 dark:text-zinc-300">
        Imported {plural(conversations.length, 'conversation')}
        {refused.length > 0 ? `; ${(refused.length + unlisted).toLocaleString('en')} refused (below)` : ''}.
      </p>
      {refused.length > 0 ? (
        <div
          role="alert"
          className="rounded border border-red-300 bg-red-50 p-2 text-xs text-red-900 dark:border-red-900 dark:bg-red-950/40 dark:text-red-100"
        >
          <p className="font-semibold">Not imported:</p>
          <ul className="mt-1 list-disc pl-4">
            {refused.map((entry) => (
              <li key={entry.number}>
                Conversation {entry.number}
                {entry.title !== null ? ` “${entry.title}”` : ''}:
                <ul className="list-[circle] pl-4">
                  {entry.issues.map((issue, i) => (
                    <li key={i}>
                      <span className="font-mono">{issue.path}</span> {issue.reason}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
          {unlisted > 0 ? (
            <p className="mt-1">…and {plural(unlisted, 'more')} refused, not listed here.</p>
          ) : null}
        </div>
      ) : null}
    </>
  );
}

/**
 * The dialog's forms: export of the open conversation or of all of them, and one import that takes
 * any of those files or a plain `{"messages": […]}` request body (an invalid import lists every
 * problem with where it is).
 */
export function ImportExportPanels({ open }: { open: boolean }) {
  const api = useConversationsApi();
  const [many, setMany] = useState<ImportManyResult | null>(null);

  /** Resolves true when something went in, so the pasted text is cleared. */
  const importText = async (text: string): Promise<boolean> => {
    setMany(null);
    const { ok, many } = await api.importText(text);
    setMany(many);
    return ok;
  };

  return (
    <>
      <ExportOne open={open} />
      <ShareLink />
      <ExportAll />
      <section aria-label="Import" className="mt-4 flex flex-col gap-1">
        <h3 className="text-sm font-semibold">Import</h3>
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          An exported conversation, a file of all conversations, or a request body with{' '}
          <code className="font-mono">{'{"messages": […]}'}</code> as other tools write it. Each comes in as a
          new conversation; nothing is overwritten.
        </p>
        <JsonImport
          what="exported JSON or a request body"
          onImport={importText}
          maxBytes={MAX_IMPORT_BYTES}
          issues={api.importIssues ?? (many && !many.ok ? many.issues : null)}
        />
        {many?.ok ? <ManyReport result={many} /> : null}
      </section>
    </>
  );
}
