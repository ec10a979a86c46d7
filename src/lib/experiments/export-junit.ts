/**
 * The run as JUnit XML, the format CI systems read: one <testsuite> per variant, one <testcase> per
 * cell (row × repeat). A failed check is a <failure> (the reply came and did not pass), a request
 * that failed is an <error> (nothing to grade), a cell not run or waiting for its judge is
 * <skipped>. Every piece of text is escaped, control characters included (XML 1.0 cannot hold them).
 */
import { xmlAttribute, xmlText } from './export-escape';
import { cellStatus, describeCheck, rowAt, rowName, type ExperimentReport } from './export-report';
import type { CellResult } from './cell-result';
import type { PlannedCell } from './plan';

/** Characters of a reply kept in <system-out>: the JSONL export keeps it whole. */
const REPLY_CHARS = 10_000;

const seconds = (ms: number | null | undefined) => (typeof ms === 'number' ? (ms / 1000).toFixed(3) : '0');

function testcase(report: ExperimentReport, cell: PlannedCell, result: CellResult | undefined): string {
  const name = `${rowName(rowAt(report, cell.rowIndex), cell.rowIndex)} · repeat ${cell.repeat}`;
  const classname = `${report.name}.${cell.variantLabel}`;
  const open = `    <testcase name="${xmlAttribute(name)}" classname="${xmlAttribute(classname)}" time="${seconds(result?.outcome.timings.totalMs)}">`;
  const status = cellStatus(result);
  const body: string[] = [];
  if (status === 'waiting') body.push('      <skipped message="not run"/>');
  else if (status === 'pending') body.push('      <skipped message="waiting for the judge"/>');
  else if (status === 'error') {
    const error = result!.outcome.error ?? { message: result!.grade.error ?? 'no reply' };
    body.push(
      `      <error message="${xmlAttribute(error.message)}" type="${xmlAttribute(error.kind ?? 'error')}">${xmlText(error.message)}</error>`,
    );
  } else if (status === 'failed') {
    const failed = result!.grade.results.filter((c) => !c.pass);
    const message = `${failed.length} of ${result!.grade.results.length} checks failed: ${failed.map((c) => c.type).join(', ')}`;
    body.push(
      `      <failure message="${xmlAttribute(message)}" type="checks">${xmlText(result!.grade.results.map(describeCheck).join('\n'))}</failure>`,
    );
  }
  const content = result?.outcome.reply?.content;
  if (content)
    body.push(
      `      <system-out>${xmlText(content.length > REPLY_CHARS ? `${content.slice(0, REPLY_CHARS)}… (${content.length - REPLY_CHARS} more characters in the JSONL export)` : content)}</system-out>`,
    );
  return body.length === 0 ? `${open.slice(0, -1)}/>` : [open, ...body, '    </testcase>'].join('\n');
}

export function exportJunit(report: ExperimentReport): string {
  let tests = 0;
  let failures = 0;
  let errors = 0;
  let skipped = 0;
  let totalMs = 0;
  const suites = report.variants.map((variant, index) => {
    const cells = report.cells.filter((c) => c.variantIndex === index);
    const counts = { failures: 0, errors: 0, skipped: 0, ms: 0 };
    const cases = cells.map((cell) => {
      const result = report.results.get(cell.id);
      const status = cellStatus(result);
      if (status === 'failed') counts.failures++;
      else if (status === 'error') counts.errors++;
      else if (status === 'waiting' || status === 'pending') counts.skipped++;
      counts.ms += result?.outcome.timings.totalMs ?? 0;
      return testcase(report, cell, result);
    });
    tests += cells.length;
    failures += counts.failures;
    errors += counts.errors;
    skipped += counts.skipped;
    totalMs += counts.ms;
    const timestamp =
      report.generatedAt === undefined
        ? ''
        : ` timestamp="${new Date(report.generatedAt).toISOString().slice(0, 19)}"`;
    return [
      `  <testsuite name="${xmlAttribute(variant.label)}" tests="${cells.length}" failures="${counts.failures}" errors="${counts.errors}" skipped="${counts.skipped}" time="${seconds(counts.ms)}"${timestamp}>`,
      `    <properties>`,
      `      <property name="model" value="${xmlAttribute(variant.model)}"/>`,
      `    </properties>`,
      ...cases,
      '  </testsuite>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${xmlAttribute(report.name)}" tests="${tests}" failures="${failures}" errors="${errors}" skipped="${skipped}" time="${seconds(totalMs)}">`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}
