import { useState } from 'react';
import { FileDrop } from '../../components/ui/file-drop';
import { datasetFormatOf, readDataset, type Dataset } from '../../lib/experiments/dataset';
import { DATASET_LIMITS, describeDatasetError } from '../../lib/experiments/dataset-limits';

const MB = 1024 * 1024;

/** A CSV or JSONL file read into rows; a bad one is refused with every problem's line and column. */
export function DatasetImport({ onImport }: { onImport: (dataset: Dataset, fileName: string) => void }) {
  const [problems, setProblems] = useState<{ file: string; lines: string[] } | null>(null);
  const [busy, setBusy] = useState(false);

  const read = async (file: File) => {
    const format = datasetFormatOf(file.name);
    if (!format) {
      setProblems({
        file: file.name,
        lines: ['the name must end in .csv, .jsonl or .ndjson, which says how to read it'],
      });
      return;
    }
    // Refused before it is read: a file past the limit would hold the page while it loads.
    if (file.size > DATASET_LIMITS.maxChars) {
      setProblems({
        file: file.name,
        lines: [
          `the file is ${(file.size / MB).toFixed(1)} MB, more than the ${DATASET_LIMITS.maxChars / MB} MB a dataset may be; split it`,
        ],
      });
      return;
    }
    setBusy(true);
    try {
      const result = readDataset(await file.text(), format);
      if (!result.ok) setProblems({ file: file.name, lines: result.errors.map(describeDatasetError) });
      else {
        setProblems(null);
        onImport(result.dataset, file.name);
      }
    } catch (error) {
      setProblems({ file: file.name, lines: [`could not be read: ${(error as Error).message}`] });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-1">
      <FileDrop
        onFiles={(files) => void read(files[0]!)}
        accept=".csv,.jsonl,.ndjson,text/csv,application/x-ndjson"
        chooseLabel="Import CSV or JSONL…"
        hint={busy ? 'Reading…' : 'or drop a file here; it replaces the rows'}
        testId="dataset-drop"
      />
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
