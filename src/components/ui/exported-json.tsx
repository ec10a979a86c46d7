import type { ReactNode } from 'react';
import { Button } from './button';
import { CopyButton } from './copy-button';
import { INPUT_CLASS } from './field';

/** Saves `json` as a file named from `name` (made safe for every file system). */
export function downloadJson(json: string, name: string): void {
  const url = URL.createObjectURL(new Blob([json], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `${name.replace(/[^\w.-]+/g, '-').slice(0, 60)}.json`;
  link.click();
  // Revoked later: the download starts after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * An export shown as read-only JSON, with Download and Copy (null while it is being made). `options`
 * sit under the heading (what to leave out); `actions` after the buttons (Close).
 */
export function ExportedJson({
  title,
  json,
  fileName,
  options,
  actions,
}: {
  title: string;
  json: string | null;
  fileName: string;
  options?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <section aria-label="Export" className="flex flex-col gap-1">
      <h3 className="text-sm font-semibold">Export “{title}”</h3>
      {options}
      <textarea
        aria-label="Exported JSON"
        readOnly
        className={`${INPUT_CLASS} h-32 font-mono text-xs`}
        value={json ?? ''}
      />
      <div className="flex flex-wrap items-center gap-2">
        <Button
          size="sm"
          disabled={json === null}
          onClick={() => json !== null && downloadJson(json, fileName)}
        >
          Download JSON
        </Button>
        {json !== null ? <CopyButton text={json} /> : null}
        {actions}
      </div>
    </section>
  );
}
