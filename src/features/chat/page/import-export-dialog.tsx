import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { INPUT_CLASS } from '../../../components/ui/field';
import type { ConversationsApi } from './use-conversations';

/**
 * Exports the open conversation as JSON (shown, copyable and downloadable) and imports one from a
 * file or pasted text; an invalid import lists every problem with where it is.
 */
export function ImportExportDialog({
  open,
  onClose,
  api,
}: {
  open: boolean;
  onClose: () => void;
  api: ConversationsApi;
}) {
  const [exported, setExported] = useState<string | null>(null);
  const [pasted, setPasted] = useState('');
  const activeId = api.active?.id;

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

  const download = () => {
    if (!exported) return;
    const url = URL.createObjectURL(new Blob([exported], { type: 'application/json' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `${(api.active?.title ?? 'conversation').replace(/[^\w.-]+/g, '-').slice(0, 60)}.json`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  const importNow = async (text: string) => {
    await api.importText(text);
  };

  return (
    <Dialog open={open} onClose={onClose} title="Import or export a conversation">
      <section aria-label="Export" className="flex flex-col gap-1">
        <h3 className="text-sm font-semibold">Export “{api.active?.title}”</h3>
        <textarea
          aria-label="Exported JSON"
          readOnly
          className={`${INPUT_CLASS} h-32 font-mono text-xs`}
          value={exported ?? ''}
        />
        <div className="flex gap-2">
          <Button size="sm" disabled={!exported} onClick={download}>
            Download JSON
          </Button>
          <Button
            size="sm"
            disabled={!exported}
            onClick={() => void navigator.clipboard?.writeText(exported ?? '')}
          >
            Copy
          </Button>
        </div>
      </section>
      <section aria-label="Import" className="mt-4 flex flex-col gap-1">
        <h3 className="text-sm font-semibold">Import</h3>
        <label className="text-xs">
          From a file{' '}
          <input
            type="file"
            accept="application/json,.json"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void file.text().then(importNow);
              e.target.value = '';
            }}
          />
        </label>
        <textarea
          aria-label="JSON to import"
          className={`${INPUT_CLASS} h-24 font-mono text-xs`}
          placeholder="…or paste an exported conversation"
          value={pasted}
          onChange={(e) => setPasted(e.target.value)}
        />
        <Button
          size="sm"
          disabled={pasted.trim() === ''}
          onClick={() => void importNow(pasted).then(() => setPasted(''))}
        >
          Import pasted JSON
        </Button>
        {api.importIssues ? (
          <div
            role="alert"
            className="rounded border border-red-300 bg-red-50 p-2 text-xs text-red-900 dark:border-red-900 dark:bg-red-950/40 dark:text-red-100"
          >
            <p className="font-semibold">
              Not imported: the file has {api.importIssues.length} problem
              {api.importIssues.length === 1 ? '' : 's'}.
            </p>
            <ul className="mt-1 list-disc pl-4">
              {api.importIssues.map((issue, i) => (
                <li key={i}>
                  <span className="font-mono">{issue.path}</span> {issue.reason}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </section>
    </Dialog>
  );
}
