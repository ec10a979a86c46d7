/**
 * Experiments (issue 30): one prompt template over a dataset, across variants, graded by checks.
 * This is the core the page (/experiments) and the headless runner (`npm run experiment`) share:
 * plain TypeScript, no React, no DOM, nothing Node lacks, and no I/O — callers read files, send
 * requests and store results; everything here is a pure function of data, so both grade alike.
 *
 * How a run goes, in calls:
 * 1. Read the experiment: `readExperimentFile(text)` (a file) — or build an `Experiment` in the page.
 *    A dataset file: `resolveDatasetPath(filePath, experiment.dataset.path)`, read it, then
 *    `readDataset(text, format)` and `datasetFitProblems(template, dataset, hasJudge)`.
 * 2. Plan: `planCells(dataset.rows, experiment.variants, experiment.repeats)` gives every cell with a
 *    stable id; `cellsToRun(cells, storedResults, { keyOf, retryErrors })` the ones still to send.
 * 3. Per row, once: `checksForRow(fileChecks, row)` (fileChecks: `readExperimentFile(…).checks`, or
 *    `readChecks(experiment.checks, 'checks', issues)`).
 * 4. Per cell: `buildCellRequest(template, row, variant, experiment.stream)` gives the body and its
 *    `requestKey` (or the row's template errors: store `templateErrorResult`). Send it with the
 *    variant's connection (rate gate and all: the runner's job), fold the reply into a `CellOutcome`
 *    (a ReplyAccumulator's fields fit `CellReply`; `replyMetrics` gives the timings), then
 *    `gradeOutcome(checks, outcome, variant)` and store a `CellResult`.
 * 5. Model-graded checks: for each index in `grade.pending`, send
 *    `buildJudgeRequest(check.value as RubricValue, reply, experiment.judge, request.message)` to the
 *    judge's connection, read its answer with `readJudgeReply` (or `judgeFailed(message)`), and grade
 *    again with `judgements` (a Map from the check's index to the verdict).
 * 6. Report: `summarizeVariants`, `compareVariants` (+ `describePairedTest`), `evaluateGates`, and
 *    the exports (`exportCsv`, `exportJsonl`, `exportJunit`, `exportHtml`) of an `ExperimentReport`.
 *
 * Limits, all counted, never timed: DATASET_LIMITS (64 MB, 100,000 rows, 1,000 columns, 5 M values,
 * depth 64), MAX_RENDERED_CHARS (8 MiB a prompt), MAX_CELLS (1,000,000), MAX_EXPERIMENT_VARIANTS (8),
 * MAX_REPEATS (100), MAX_CONCURRENCY (64); a check reads MAX_CHECKED_CHARS (8 MiB) of reply, a
 * pattern runs on MAX_REGEX_CHARS (2 M) on RE2, and schemas keep the function-schema check budget.
 *
 * The checks import the playground's Ajv and RE2 (about 84 KB gzipped): the page should load this
 * module when the experiments page opens, not before.
 */

// Templates
export {
  MAX_RENDERED_CHARS,
  missingColumns,
  parseTemplate,
  renderTemplate,
  renderText,
  templateFields,
  templateVariables,
  type ExperimentTemplate,
  type FewShotTurn,
  type RenderResult,
  type TemplateError,
  type TemplatePart,
  type TemplateRender,
} from './template';

// Datasets
export {
  datasetFormatOf,
  readCsvDataset,
  readDataset,
  readInlineRows,
  readJsonlDataset,
  type Dataset,
  type DatasetFormat,
  type DatasetRead,
} from './dataset';
export { DATASET_LIMITS, describeDatasetError, type DatasetError } from './dataset-limits';
export { columnRole, type DatasetRow } from './dataset-row';
export { parseCsv, type CsvParse, type CsvRecord } from './dataset-csv';
export { parseJsonl, type JsonlLine, type JsonlParse } from './dataset-jsonl';

// Checks
export { CHECK_KINDS, CHECK_TYPES, needsJudge, readCheck, readChecks, resolveType } from './checks/registry';
export { checkFromCell } from './checks/expected-cell';
export { gradeCell } from './checks/grade';
export {
  buildJudgeRequest,
  judgeFailed,
  readJudgeReply,
  MAX_JUDGED_CHARS,
  type JudgeSettings,
  type RubricValue,
} from './checks/llm-rubric';
export { MAX_CHECKED_CHARS, MAX_LIST_VALUES, MAX_SCAN_CHARS } from './checks/check-helpers';
export { MAX_PATTERN_CHARS, MAX_PROGRAM_SIZE, MAX_REGEX_CHARS } from './checks/regex-check';
export type {
  CellError,
  CellGrade,
  CellOutcome,
  CellReply,
  CellTimings,
  CheckKind,
  CheckResult,
  CheckSpec,
  GradeContext,
  PreparedCheck,
  Verdict,
} from './checks/types';

// The experiment and its file
export {
  EXPERIMENT_FILE_VERSION,
  MAX_CELLS,
  MAX_CONCURRENCY,
  MAX_EXPERIMENT_VARIANTS,
  MAX_REPEATS,
  type Experiment,
  type ExperimentConnection,
  type ExperimentDataset,
  type ExperimentGates,
  type ExperimentJudge,
  type ExperimentVariant,
} from './experiment';
export {
  datasetFitProblems,
  describeFileProblems,
  readExperimentFile,
  readExperimentValue,
  resolveDatasetPath,
  writeExperimentFile,
  type ExperimentFileRead,
  type FileProblem,
} from './experiment-file';

// Cells and plan
export {
  cellId,
  cellsToRun,
  planCells,
  variantId,
  type Plan,
  type PlannedCell,
  type ToRunOptions,
} from './plan';
export { buildCellRequest, requestKey, type CellRequest } from './cell-request';
export { gradeOutcome, templateErrorResult, type CellResult } from './cell-result';
export { checksForRow, specNamesVariables } from './row-checks';

// Figures
export {
  binomialHalfCdf,
  describePairedTest,
  mcnemarExact,
  pairedTest,
  percentile,
  repeatStats,
  spread,
  wilsonInterval,
  Z_95,
  type McNemarResult,
  type RateInterval,
  type RepeatedRow,
  type RepeatStats,
  type Spread,
} from './stats';
export {
  cellState,
  compareVariants,
  summarizeVariant,
  summarizeVariants,
  type CellState,
  type MetricSummary,
  type VariantSummary,
} from './summary';
export { evaluateGates, type GateReport } from './gates';

// Exports
export { cellStatus, describeCheck, type CellStatus, type ExperimentReport } from './export-report';
export { exportCsv } from './export-csv';
export { exportJsonl } from './export-jsonl';
export { exportJunit } from './export-junit';
export { exportHtml } from './export-html';
