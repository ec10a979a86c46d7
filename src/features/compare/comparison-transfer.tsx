import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { INPUT_CLASS } from '../../components/ui/field';
import type { ImportIssue } from '../../lib/chat';

const ALERT_CLASS =
  'rounded border border-red-300 bg-red-50 p-2 text-xs text-red-900 dark:border-red-900 dark:bg-red-950/40 dark:text-red-100';

/** An exported comparison: shown, downloadable and copyable. */
export function ExportedComparison({
  title,
  json,
  onClose,
}: {
  title: string;
  json: string;
  onClose: () => void;
}) {
  const download = () => {
    const url = URL.createObjectURL(new Blob([json], { type: 'application/json' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `comparison-${title.replace(/[^\w.-]+/g, '-').slice(0, 60)}.json`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <section aria-label="Export" className="flex flex-col gap-1">
      <h3 className="text-sm font-medium">Export “{title}”</h3>
      <textarea
        aria-label="Exported JSON"
        readOnly
        className={`${INPUT_CLASS} h-32 font-mono text-xs`}
        value={json}
      />
      <div className="flex gap-2">
        <Button size="sm" onClick={download}>
          Download JSON
        </Button>
        <Button size="sm" onClick={() => void navigator.clipboard?.writeText(json)}>
          Copy
        </Button>
        <Button size="sm" variant="ghost" onClick={onClose}>
          Close
        </Button>
      </div>
    </section>
  );
}

/** Imports a comparison from a file or pasted JSON; a bad one is refused with every problem and where. */
export function ComparisonImport({
  issues,
  onImport,
}: {
  issues: ImportIssue[] | null;
  onImport: (text: string) => Promise<boolean>;
}) {
  const [pasted, setPasted] = useState('');
  return (
    <details className="text-xs">
      <summary className="cursor-pointer text-sm">Import a comparison</summary>
      <div className="mt-1 flex flex-col gap-1">
        <label>
          From a file{' '}
          <input
            type="file"
            accept="application/json,.json"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void file.text().then(onImport);
              e.target.value = '';
            }}
          />
        </label>
        <textarea
          aria-label="JSON to import"
          className={`${INPUT_CLASS} h-24 font-mono text-xs`}
          placeholder="…or paste an exported comparison"
          value={pasted}
          onChange={(e) => setPasted(e.target.value)}
        />
        <Button
          size="sm"
          className="self-start"
          disabled={pasted.trim() === ''}
          onClick={() => void onImport(pasted).then((ok) => ok && setPasted(''))}
        >
          Import pasted JSON
        </Button>
        {issues ? (
          <div role="alert" className={ALERT_CLASS}>
            <p className="font-semibold">
              Not imported: {issues.length} problem{issues.length === 1 ? '' : 's'}.
            </p>
            <ul className="mt-1 list-disc pl-4">
              {issues.map((issue, i) => (
                <li key={i}>
                  <span className="font-mono">{issue.path}</span> {issue.reason}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </details>
  );
}
