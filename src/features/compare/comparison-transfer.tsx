import { Button } from '../../components/ui/button';
import { ExportedJson } from '../../components/ui/exported-json';
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
  return (
    <ExportedJson
      title={title}
      json={json}
      fileName={`comparison-${title}`}
      actions={
        <Button size="sm" variant="ghost" onClick={onClose}>
          Close
        </Button>
      }
    />
  );
}

/**
 * The largest comparison file read: eight variants' replies with their logprobs stay far below it,
 * and a larger file is refused by its size before the page reads and parses it.
 */
const MAX_COMPARISON_IMPORT_BYTES = 20 * 1024 * 1024;

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
        <JsonImport
          what="an exported comparison"
          onImport={onImport}
          issues={issues}
          maxBytes={MAX_COMPARISON_IMPORT_BYTES}
        />
      </div>
    </details>
  );
}
