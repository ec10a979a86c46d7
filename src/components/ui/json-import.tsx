import { useRef, useState } from 'react';
import { Button } from './button';
import { INPUT_CLASS } from './field';
import { formatBytes } from '../../lib/format-bytes';

export interface JsonImportProblem {
  path: string;
  reason: string;
}

/**
 * Import from a JSON file or pasted JSON, and the problems of the last attempt with each one's
 * JSON path. The pasted text is cleared only once an import succeeded: a refused paste stays to fix.
 * While one import runs (a file of 30,000 conversations takes seconds) it is said, and another
 * cannot start on top of it.
 */
export function JsonImport({
  what,
  onImport,
  issues,
  maxBytes,
}: {
  /** The largest file read: a larger one is refused by its size, before anything is read. */
  maxBytes?: number;
  /** What is imported, for the placeholder ("an exported comparison"). */
  what: string;
  /** Imports `text`; resolves true when it went in. */
  onImport: (text: string) => Promise<boolean>;
  issues: readonly JsonImportProblem[] | null;
}) {
  const [pasted, setPasted] = useState('');
  const [refused, setRefused] = useState<string | null>(null);
  // What is being imported now ("import.json, 12.4 MB"), or null.
  const [busy, setBusy] = useState<string | null>(null);
  const running = useRef(false);
  const shown = refused ? [{ path: '$', reason: refused }] : issues;

  const run = async (what: string, read: () => Promise<string>): Promise<boolean> => {
    if (running.current) return false;
    running.current = true;
    setRefused(null);
    setBusy(what);
    try {
      let text: string;
      try {
        text = await read();
      } catch (error) {
        setRefused(
          `could not be read (${error instanceof Error ? error.message : String(error)}): choose it again`,
        );
        return false;
      }
      return await onImport(text);
    } finally {
      running.current = false;
      setBusy(null);
    }
  };
  return (
    <>
      <label className="text-xs">
        From a file{' '}
        <input
          type="file"
          accept="application/json,.json"
          disabled={busy !== null}
          onChange={(e) => {
            const file = e.target.files?.[0];
            setRefused(null);
            if (file && maxBytes !== undefined && file.size > maxBytes)
              setRefused(
                `is ${formatBytes(file.size)}, larger than the ${formatBytes(maxBytes)} one import reads: split it, or export less at once`,
              );
            else if (file)
              void run(`${file.name.slice(0, 80)}, ${formatBytes(file.size)}`, () => file.text());
            e.target.value = '';
          }}
        />
      </label>
      <textarea
        aria-label="JSON to import"
        className={`${INPUT_CLASS} h-24 font-mono text-xs`}
        placeholder={`…or paste ${what}`}
        value={pasted}
        onChange={(e) => setPasted(e.target.value)}
      />
      <Button
        size="sm"
        className="self-start"
        disabled={pasted.trim() === '' || busy !== null}
        onClick={() => void run('the pasted JSON', async () => pasted).then((ok) => ok && setPasted(''))}
      >
        Import pasted JSON
      </Button>
      <p role="status" className="text-xs text-zinc-600 dark:text-zinc-400">
        {busy ? `Importing ${busy}…` : ''}
      </p>
      {shown ? (
        <div
          role="alert"
          className="rounded border border-red-300 bg-red-50 p-2 text-xs text-red-900 dark:border-red-900 dark:bg-red-950/40 dark:text-red-100"
        >
          <p className="font-semibold">
            Not imported: {shown.length} problem{shown.length === 1 ? '' : 's'}.
          </p>
          <ul className="mt-1 list-disc pl-4">
            {shown.map((issue, i) => (
              <li key={i}>
                <span className="font-mono">{issue.path}</span> {issue.reason}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}
