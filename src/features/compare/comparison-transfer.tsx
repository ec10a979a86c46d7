import { Button } from '../../components/ui/button';
import { INPUT_CLASS } from '../../components/ui/field';
import { JsonImport } from '../../components/ui/json-import';
import type { ImportIssue } from '../../lib/chat';

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
  return (
    <details className="text-xs">
      <summary className="cursor-pointer text-sm">Import a comparison</summary>
      <div className="mt-1 flex flex-col gap-1">
        <JsonImport what="an exported comparison" onImport={onImport} issues={issues} />
      </div>
    </details>
  );
}
