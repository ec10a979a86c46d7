import { useEffect, useRef, useState } from 'react';
import { datasetFormatOf, type Dataset } from '../../lib/experiments/dataset';
import { describeDatasetError } from '../../lib/experiments/dataset-limits';
import { readDatasetOffThread } from '../../lib/experiments/dataset-off-thread';
import { pageSizeProblem } from '../../lib/experiments/page-dataset-limits';
import { FilePicker } from '../../components/ui/file-picker';
import { formatBytes } from '../../lib/format-bytes';

/** A CSV or JSONL file read into rows; a bad one is refused with every problem's line and column. */
export function DatasetImport({ onImport }: { onImport: (dataset: Dataset, fileName: string) => void }) {
  const [problems, setProblems] = useState<{ file: string; lines: string[] } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  // The read in progress: a second file, or leaving the page, stops it (its worker ends).
  const reading = useRef<AbortController | null>(null);
  useEffect(() => () => reading.current?.abort(), []);

  const read = async (file: File) => {
    const format = datasetFormatOf(file.name);
    if (!format) {
      setProblems({
        file: file.name,
        lines: ['the name must end in .csv, .jsonl or .ndjson, which says how to read it'],
      });
      return;
    }
    // Refused before it is read: the page could not hold what a file past the limit brings.
    const tooLarge = pageSizeProblem(file.size);
    if (tooLarge) {
      setProblems({ file: file.name, lines: [tooLarge] });
      return;
    }
    reading.current?.abort();
    const controller = new AbortController();
    reading.current = controller;
    setBusy(`Reading ${file.name} (${formatBytes(file.size)})…`);
    try {
      const result = await readDatasetOffThread(file, format, controller.signal);
      if (controller.signal.aborted) return;
      if (!result.ok) setProblems({ file: file.name, lines: result.errors.map(describeDatasetError) });
      else {
        setProblems(null);
        onImport(result.dataset, file.name);
      }
    } catch (error) {
      if (controller.signal.aborted) return;
      setProblems({ file: file.name, lines: [`could not be read: ${(error as Error).message}`] });
    } finally {
      if (reading.current === controller) {
        reading.current = null;
        setBusy(null);
      }
    }
  };

  return (
    <div className="flex flex-col gap-1">
      {/* Its own drop zone, not the shared FileDrop: sharing that module with this page split it out of
          the Vision and Audio pages' chunks and added bytes to their first load. */}
      <div
        data-testid="dataset-drop"
        onDragOver={(e) => e.preventDefault()}
        onDrop={(e) => {
          e.preventDefault();
          const file = e.dataTransfer.files[0];
          if (file) void read(file);
        }}
        className="flex items-center gap-2 rounded border border-dashed border-zinc-300 p-1.5 text-sm dark:border-zinc-700"
      >
        <FilePicker
          accept=".csv,.jsonl,.ndjson,text/csv,application/x-ndjson"
          className="cursor-pointer rounded border border-zinc-300 bg-white px-2 py-0.5 text-xs font-medium focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-sky-600 dark:border-zinc-600 dark:bg-zinc-800 dark:focus-within:outline-sky-400"
          onFiles={([file]) => {
            if (file) void read(file);
          }}
        >
          Import CSV or JSONL…
        </FilePicker>
        <span className="text-xs text-zinc-600 dark:text-zinc-400">
          {busy ?? 'or drop a file here; it replaces the rows'}
        </span>
      </div>
      {problems ? (
        <div role="alert" className="text-xs text-red-700 dark:text-red-400">
          <p>{problems.file} was not imported. Fix these and import it again (the rows are unchanged):</p>
          <ul className="list-disc pl-5">
            {problems.lines.map((line, i) => (
              <li key={i}>{line}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
