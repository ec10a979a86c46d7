import { Button } from '../../components/ui/button';
import { exportCsv } from '../../lib/experiments/export-csv';
import { exportHtml } from '../../lib/experiments/export-html';
import { exportJsonl } from '../../lib/experiments/export-jsonl';
import { exportJunit } from '../../lib/experiments/export-junit';
import type { ExperimentReport } from '../../lib/experiments/export-report';

const FORMATS = [
  { label: 'CSV', ext: 'csv', type: 'text/csv', make: exportCsv },
  { label: 'JSONL', ext: 'jsonl', type: 'application/x-ndjson', make: exportJsonl },
  { label: 'JUnit', ext: 'junit.xml', type: 'application/xml', make: exportJunit },
  { label: 'HTML report', ext: 'html', type: 'text/html', make: exportHtml },
] as const;

const fileBase = (name: string) => name.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '') || 'experiment';

/** The run's results as the command line writes them, downloaded. */
export function ExportButtons({ report }: { report: () => ExperimentReport }) {
  const download = (format: (typeof FORMATS)[number]) => {
    const made = report();
    const url = URL.createObjectURL(new Blob([format.make(made)], { type: format.type }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `${fileBase(made.name)}.${format.ext}`;
    document.body.append(a);
    a.click();
    a.remove();
    // Revoked once the download has started with it.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };
  return (
    <div role="group" aria-label="Export" className="flex flex-wrap items-center gap-1">
      <span className="text-xs">Export:</span>
      {FORMATS.map((format) => (
        <Button key={format.ext} size="sm" onClick={() => download(format)}>
          {format.label}
        </Button>
      ))}
    </div>
  );
}
