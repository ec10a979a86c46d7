/** What the command prints as it goes and at the end, and the exports it writes. */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { formatMs } from '../src/lib/chat/metrics';
import { exportCsv } from '../src/lib/experiments/export-csv';
import { exportHtml } from '../src/lib/experiments/export-html';
import { exportJsonl } from '../src/lib/experiments/export-jsonl';
import { exportJunit } from '../src/lib/experiments/export-junit';
import { describePairedTest } from '../src/lib/experiments/stats';
import { compareVariants, type VariantSummary } from '../src/lib/experiments/summary';
import type { ExperimentReport } from '../src/lib/experiments/export-report';
import type { RunProgress } from '../src/lib/experiments/run-types';

const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;

/** `[ 40/80] 38 passed, 2 failed, 0 errors · 3.20 s elapsed, about 3.10 s left`. */
export function progressLine(p: RunProgress): string {
  const width = String(p.total).length;
  const left = p.remainingMs === null ? '' : `, about ${formatMs(p.remainingMs)} left`;
  return `[${String(p.done).padStart(width)}/${p.total}] ${p.passed} passed, ${p.failed} failed, ${p.errors} errors · ${formatMs(p.elapsedMs)} elapsed${left}`;
}

/** A variant's figures in a line: pass rate with its Wilson interval, p50/p95 of time and TTFT. */
export function summaryLine(s: VariantSummary): string {
  const rate = s.passRate
    ? `pass ${s.passRate.passed}/${s.passRate.total} = ${percent(s.passRate.rate)} (95% CI ${percent(s.passRate.low)}–${percent(s.passRate.high)})`
    : 'no cell graded';
  const time = `total p50 ${formatMs(s.totalMs.p50)} p95 ${formatMs(s.totalMs.p95)}`;
  const ttft = `TTFT p50 ${formatMs(s.ttftMs.p50)} p95 ${formatMs(s.ttftMs.p95)}`;
  const errors = s.errors > 0 ? ` · ${s.errors} errors` : '';
  return `${s.label}: ${rate} · ${time} · ${ttft} · ${s.tokens.total} tokens${errors}`;
}

/** The paired test of the first variant against each other one, on the rows both graded. */
export function pairedLines(report: ExperimentReport): string[] {
  const [first, ...others] = report.variants;
  if (!first) return [];
  return others.map((other, i) => {
    const test = compareVariants(report.cells, report.results, 0, i + 1);
    return `${first.label} vs ${other.label}: ${describePairedTest(test, first.label, other.label)}`;
  });
}

/** Writes the four exports into `dir`; returns their paths. */
export async function writeExports(dir: string, report: ExperimentReport): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  const files: [string, string][] = [
    ['results.csv', exportCsv(report)],
    ['results.jsonl', exportJsonl(report)],
    ['junit.xml', exportJunit(report)],
    ['report.html', exportHtml(report)],
  ];
  const written: string[] = [];
  for (const [name, text] of files) {
    const file = path.join(dir, name);
    await writeFile(file, text, 'utf8');
    written.push(file);
  }
  return written;
}
