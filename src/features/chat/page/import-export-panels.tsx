import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { INPUT_CLASS } from '../../../components/ui/field';
import { JsonImport } from '../../../components/ui/json-import';
import type { ConversationsApi } from './use-conversations';

/**
 * The export (shown, copyable and downloadable JSON of the open conversation) and the import (a file
 * or pasted text; an invalid import lists every problem with where it is).
 */
export function ImportExportPanels({ open, api }: { open: boolean; api: ConversationsApi }) {
  const [exported, setExported] = useState<string | null>(null);
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

  return (
    <>
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
        <JsonImport what="an exported conversation" onImport={api.importText} issues={api.importIssues} />
      </section>
    </>
  );
}
