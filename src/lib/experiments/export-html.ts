/**
 * The run as one self-contained HTML page: inline CSS, no script, no image, no font, no link out
 * (its Content-Security-Policy forbids them, so it opens offline and cannot call anywhere), every
 * piece of text escaped. It shows per variant the pass rate with its 95% Wilson interval, p50/p95
 * times, tokens and pass^k; the paired test between each two variants; the metrics; and the matrix,
 * rows by variants, each cell's repeats with their checks and reply (cut: the JSONL keeps it whole).
 */
import { describePairedTest } from './stats';
import { htmlText } from './export-escape';
import { compareVariants, summarizeVariants, type VariantSummary } from './summary';
import {
  cellStatus,
  describeCalls,
  rowAt,
  rowName,
  valueText,
  type CellStatus,
  type ExperimentReport,
} from './export-report';
import type { CellResult } from './cell-result';
import type { PlannedCell } from './plan';
import type { RateInterval, Spread } from './stats';

/** Characters of a reply shown in a cell (the rest is in the JSONL export). */
const REPLY_CHARS = 4_000;

const STYLE = `
body{font:14px/1.45 system-ui,sans-serif;margin:24px;color:#1b1f24;background:#fff}
h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:28px 0 8px}
table{border-collapse:collapse;margin:8px 0}th,td{border:1px solid #d0d7de;padding:4px 8px;vertical-align:top;text-align:left}
th{background:#f6f8fa}td.n{text-align:right;font-variant-numeric:tabular-nums}
.passed{color:#1a7f37}.failed{color:#cf222e}.error{color:#9a6700}.pending,.waiting{color:#6e7781}
.cell{margin:0 0 6px}.cell summary{cursor:pointer}.checks{margin:4px 0;padding-left:18px}
pre{white-space:pre-wrap;word-break:break-word;background:#f6f8fa;padding:6px;margin:4px 0;max-width:60ch}
.muted{color:#6e7781}
@media (prefers-color-scheme:dark){body{background:#0d1117;color:#e6edf3}th{background:#161b22}th,td{border-color:#30363d}pre{background:#161b22}}
`;

const MARK: Record<CellStatus, string> = { passed: '✓', failed: '✗', error: '!', pending: '…', waiting: '·' };

const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;
const ms = (n: number | null) => (n === null ? '—' : `${Math.round(n)} ms`);

function rateCell(rate: RateInterval | null): string {
  if (!rate) return '—';
  return `${percent(rate.rate)} <span class="muted">[${percent(rate.low)}, ${percent(rate.high)}] · ${rate.passed}/${rate.total}</span>`;
}

const spreadCell = (s: Spread) => `${ms(s.p50)} / ${ms(s.p95)}`;

function summaryTable(report: ExperimentReport, summaries: readonly VariantSummary[]): string {
  const rows = summaries.map((s, i) => {
    const model = report.variants[i]?.model ?? '';
    return `<tr><th>${htmlText(s.label)}</th><td>${htmlText(model)}</td><td class="n">${rateCell(s.passRate)}</td><td class="n">${s.meanScore === null ? '—' : s.meanScore.toFixed(3)}</td><td class="n">${spreadCell(s.totalMs)}</td><td class="n">${spreadCell(s.ttftMs)}</td><td class="n">${s.tokens.total}</td><td class="n">${s.errors}</td><td class="n">${rateCell(s.repeats.passAll)}</td><td class="n">${s.repeats.flipping.length}</td></tr>`;
  });
  return `<table><thead><tr><th>Variant</th><th>Model</th><th>Pass rate [95% Wilson]</th><th>Mean score</th><th>Total p50 / p95</th><th>TTFT p50 / p95</th><th>Tokens</th><th>Errors</th><th>pass^k (rows)</th><th>Rows that flip</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function pairedTests(report: ExperimentReport): string {
  const lines: string[] = [];
  for (let a = 0; a < report.variants.length; a++)
    for (let b = a + 1; b < report.variants.length; b++) {
      const result = compareVariants(report.cells, report.results, a, b);
      lines.push(
        `<li>${htmlText(describePairedTest(result, report.variants[a]!.label, report.variants[b]!.label))}</li>`,
      );
    }
  if (lines.length === 0) return '';
  return `<h2>Paired tests (exact McNemar, rows where both variants were graded)</h2><ul>${lines.join('')}</ul>`;
}

function metricsTable(summaries: readonly VariantSummary[]): string {
  const rows = summaries.flatMap((s) =>
    s.metrics.map(
      (m) =>
        `<tr><th>${htmlText(s.label)}</th><td>${htmlText(m.name)}</td><td class="n">${m.passed}/${m.count}</td><td class="n">${m.meanScore.toFixed(3)}</td></tr>`,
    ),
  );
  if (rows.length === 0) return '';
  return `<h2>Metrics</h2><table><thead><tr><th>Variant</th><th>Metric</th><th>Passed</th><th>Mean score</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function cellHtml(cell: PlannedCell, result: CellResult | undefined): string {
  const status = cellStatus(result);
  const title = `${MARK[status]} repeat ${cell.repeat}: ${status}${result && status !== 'error' && status !== 'waiting' ? ` · score ${result.grade.score.toFixed(2)}` : ''}`;
  if (!result) return `<div class="cell ${status}">${htmlText(title)}</div>`;
  const parts: string[] = [];
  if (result.outcome.error) parts.push(`<p class="error">${htmlText(result.outcome.error.message)}</p>`);
  const checks = result.grade.results.map(
    (c) =>
      `<li class="${c.pending ? 'pending' : c.pass ? 'passed' : 'failed'}">${htmlText(`${c.type}${c.weight !== 1 ? ` (weight ${c.weight})` : ''}: ${c.reason}`)}</li>`,
  );
  if (checks.length > 0) parts.push(`<ul class="checks">${checks.join('')}</ul>`);
  const content = result.outcome.reply?.content ?? '';
  const calls = describeCalls(result);
  const text = [content, calls ? `[calls] ${calls}` : ''].filter((t) => t !== '').join('\n');
  if (text !== '') {
    const cut =
      text.length > REPLY_CHARS
        ? `${text.slice(0, REPLY_CHARS)}… (${text.length - REPLY_CHARS} more characters in the JSONL export)`
        : text;
    parts.push(`<pre>${htmlText(cut)}</pre>`);
  }
  const { ttftMs, totalMs } = result.outcome.timings;
  parts.push(
    `<span class="muted">TTFT ${ms(ttftMs)} · total ${ms(totalMs)}${result.outcome.reply?.usage ? ` · ${result.outcome.reply.usage.total_tokens} tokens` : ''}</span>`,
  );
  return `<details class="cell"><summary class="${status}">${htmlText(title)}</summary>${parts.join('')}</details>`;
}

function matrix(report: ExperimentReport): string {
  const byRow = new Map<number, PlannedCell[][]>();
  for (const cell of report.cells) {
    const columns = byRow.get(cell.rowIndex) ?? report.variants.map(() => []);
    columns[cell.variantIndex]?.push(cell);
    byRow.set(cell.rowIndex, columns);
  }
  const head = `<tr><th>Row</th><th>Variables</th>${report.variants.map((v) => `<th>${htmlText(v.label)}</th>`).join('')}</tr>`;
  const body = [...byRow].map(([index, columns]) => {
    const row = rowAt(report, index);
    const vars = row
      ? Object.entries(row.vars)
          .map(([name, value]) => `${name}: ${valueText(value)}`)
          .join('\n')
      : '';
    const cells = columns.map(
      (cells) => `<td>${cells.map((c) => cellHtml(c, report.results.get(c.id))).join('')}</td>`,
    );
    return `<tr><th>${htmlText(rowName(row, index))}</th><td><pre>${htmlText(vars.length > 1000 ? `${vars.slice(0, 1000)}…` : vars)}</pre></td>${cells.join('')}</tr>`;
  });
  return `<h2>Matrix</h2><table><thead>${head}</thead><tbody>${body.join('')}</tbody></table>`;
}

export function exportHtml(report: ExperimentReport): string {
  const summaries = summarizeVariants(report.variants, report.cells, report.results);
  const generated =
    report.generatedAt === undefined ? '' : ` · made ${new Date(report.generatedAt).toISOString()}`;
  const counts = `${report.rows.length} rows × ${report.variants.length} variants: ${report.cells.length} cells${generated}`;
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${htmlText(report.name)}</title>`,
    `<style>${STYLE}</style></head><body>`,
    `<h1>${htmlText(report.name)}</h1>`,
    report.description ? `<p>${htmlText(report.description)}</p>` : '',
    `<p class="muted">${htmlText(counts)}</p>`,
    '<h2>Variants</h2>',
    summaryTable(report, summaries),
    '<p class="muted">Pass rates count graded cells (a failed request is an error, apart). p50/p95 by nearest rank. pass^k: rows whose every repeat passed.</p>',
    pairedTests(report),
    metricsTable(summaries),
    matrix(report),
    '</body></html>',
    '',
  ].join('\n');
}
