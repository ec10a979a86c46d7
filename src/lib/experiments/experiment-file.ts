/**
 * The experiment file: JSON (YAML is not read: no YAML parser is a dependency, and JSON is what the
 * page writes). The reader takes an untrusted file and reports every problem with its path
 * (`variants[1].model: must be a string, found number 3`), refusing a key written into the file.
 *
 * {
 *   "version": 1,
 *   "name": "Capitals",
 *   "template": { "system": "…", "fewShot": [{ "role": "user", "content": "…" }], "message": "…{{city}}…" },
 *   "dataset": "cases.csv"  |  { "path": "cases.jsonl" }  |  { "rows": [{ "city": "Paris" }, …] },
 *   "variants": [{ "label": "cold", "connection": { "baseURL": "http://127.0.0.1:8787/v1", "apiKeyEnv": "SVC_API_KEY" },
 *                  "model": "svc-chat", "parameters": { "temperature": 0 }, "functions": […] | "tools": […],
 *                  "response_format": { "type": "json_object" } }],
 *   "checks": [{ "type": "icontains", "value": "{{…}}", "weight": 1, "metric": "accuracy" }],
 *   "judge": { "connection": { … }, "model": "svc-chat" },
 *   "repeats": 1, "concurrency": 4, "stream": true,
 *   "gates": { "minPassRate": 0.8, "minPassRatePerVariant": { "cold": 0.9 }, "minPassRatePerRow": 1 }
 * }
 */
import { needsJudge, readChecks } from './checks/registry';
import type { Dataset } from './dataset';
import { readDatasetField, readGates, readTemplate } from './file-sections';
import { DATASET_LIMITS } from './dataset-limits';
import { describe, own, readFields, readInteger, readString, type Fields } from './file-fields';
import { readJudge, readVariants, refuseSecrets } from './file-variants';
import { missingColumns, templateVariables, type ExperimentTemplate } from './template';
import {
  EXPERIMENT_FILE_VERSION,
  MAX_CELLS,
  MAX_CONCURRENCY,
  MAX_REPEATS,
  type Experiment,
} from './experiment';
import type { Issue } from '../chat/json-checks';
import type { CheckSpec, PreparedCheck } from './checks/types';

/** One problem of a file: where (a path; '' for the whole file) and what. */
export interface FileProblem {
  path: string;
  message: string;
}

export type ExperimentFileRead =
  | {
      ok: true;
      experiment: Experiment;
      /** The experiment's checks, read and ready to grade with. */
      checks: PreparedCheck[];
      /** The rows, when the file holds them; a dataset file is read by the runner (readDataset). */
      dataset: Dataset | null;
    }
  | { ok: false; problems: FileProblem[] };

/** The most problems listed: the first ones say what is wrong. */
const MAX_PROBLEMS = 100;

const TOP_FIELDS = [
  'version',
  'name',
  'description',
  'template',
  'dataset',
  'variants',
  'checks',
  'judge',
  'repeats',
  'concurrency',
  'stream',
  'gates',
];

/** Reads a parsed file (see the format above); every problem is listed, up to MAX_PROBLEMS. */
export function readExperimentValue(value: unknown): ExperimentFileRead {
  const issues: Issue[] = [];
  const done = (): ExperimentFileRead => ({
    ok: false,
    problems: issues.slice(0, MAX_PROBLEMS).map((i) => ({ path: i.path, message: i.reason })),
  });
  if (typeof value === 'object' && value !== null && !Array.isArray(value))
    refuseSecrets(value as Fields, '', issues);
  const fields = readFields(value, '', issues, TOP_FIELDS, (key) => issues.some((i) => i.path === key));
  if (!fields) return done();
  const version = own(fields, 'version');
  if (version !== undefined && version !== EXPERIMENT_FILE_VERSION)
    issues.push({
      path: 'version',
      reason:
        typeof version === 'number' && version > EXPERIMENT_FILE_VERSION
          ? `is ${version}, newer than this playground reads (${EXPERIMENT_FILE_VERSION}); update the playground`
          : `must be ${EXPERIMENT_FILE_VERSION}`,
    });
  const name = readString(own(fields, 'name'), 'name', issues, { nonEmpty: true, max: 200 });
  const description = readString(own(fields, 'description'), 'description', issues, { optional: true });
  const template = readTemplate(own(fields, 'template'), 'template', issues);
  const { dataset, rows } = readDatasetField(own(fields, 'dataset'), 'dataset', issues);
  const variants = readVariants(own(fields, 'variants'), 'variants', issues);
  const checks = readChecks(own(fields, 'checks'), 'checks', issues);
  const judgeValue = own(fields, 'judge');
  const judge = judgeValue === undefined ? undefined : readJudge(judgeValue, 'judge', issues);
  const repeats = readInteger(own(fields, 'repeats'), 'repeats', issues, {
    min: 1,
    max: MAX_REPEATS,
    fallback: 1,
  });
  const concurrency = readInteger(own(fields, 'concurrency'), 'concurrency', issues, {
    min: 1,
    max: MAX_CONCURRENCY,
    fallback: 4,
  });
  const stream = own(fields, 'stream') ?? true;
  if (typeof stream !== 'boolean')
    issues.push({ path: 'stream', reason: `must be true or false, found ${describe(stream)}` });
  // Labels as written, so a variant refused for another reason does not make its gate unknown too.
  const rawVariants = own(fields, 'variants');
  const labels = Array.isArray(rawVariants)
    ? rawVariants.map((v: unknown) =>
        typeof v === 'object' && v !== null ? own(v as Fields, 'label') : undefined,
      )
    : [];
  const gates = readGates(own(fields, 'gates'), 'gates', issues, [
    ...new Set(labels.filter((l): l is string => typeof l === 'string')),
  ]);

  if (template && rows)
    for (const problem of datasetFitProblems(template, rows, judgeValue !== undefined))
      issues.push({ path: 'dataset', reason: problem });
  if (needsJudge(checks) && judgeValue === undefined)
    issues.push({
      path: 'judge',
      reason: 'is missing: an llm-rubric check needs a judge ({"connection", "model"})',
    });
  if (rows && variants.length > 0 && rows.rows.length * variants.length * repeats > MAX_CELLS)
    issues.push({
      path: 'repeats',
      reason: `${rows.rows.length} rows × ${variants.length} variants × ${repeats} repeats is more than the ${MAX_CELLS.toLocaleString('en')} cells a run may have`,
    });

  if (issues.length > 0 || !name || !template || !dataset || typeof stream !== 'boolean') return done();
  const experiment: Experiment = {
    version: EXPERIMENT_FILE_VERSION,
    name,
    ...(description !== undefined ? { description } : {}),
    template,
    dataset,
    variants,
    checks: checks.map((c) => c.spec),
    ...(judge ? { judge } : {}),
    repeats,
    concurrency,
    stream,
    gates,
  };
  return { ok: true, experiment, checks, dataset: rows ?? null };
}

/** Reads a file's text: JSON, at most DATASET_LIMITS.maxChars. */
export function readExperimentFile(text: string): ExperimentFileRead {
  if (text.length > DATASET_LIMITS.maxChars)
    return {
      ok: false,
      problems: [
        {
          path: '',
          message: `the file is more than ${DATASET_LIMITS.maxChars / (1024 * 1024)} MB; keep the rows in a CSV or JSONL file beside it`,
        },
      ],
    };
  let value: unknown;
  try {
    value = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (error) {
    return {
      ok: false,
      problems: [
        {
          path: '',
          message: `is not valid JSON (${error instanceof Error ? error.message : String(error)})`,
        },
      ],
    };
  }
  return readExperimentValue(value);
}

/**
 * What a dataset lacks for this experiment: a variable the template names that no column gives
 * (every row would fail), or a model-graded row check with no judge. Run it on a dataset file once
 * read; the reader runs it on inline rows.
 */
export function datasetFitProblems(
  template: ExperimentTemplate,
  dataset: Dataset,
  hasJudge: boolean,
): string[] {
  const problems: string[] = [];
  const missing = missingColumns(templateVariables(template), dataset.columns);
  if (missing.length > 0)
    problems.push(
      `the template names ${missing.map((m) => `{{${m}}}`).join(', ')}, which no column of the dataset gives (it has ${dataset.columns.join(', ') || 'none'})`,
    );
  if (
    !hasJudge &&
    dataset.rows.some((row) => row.checks.some((c: CheckSpec) => /^(not-)?llm-rubric$/.test(c.type)))
  )
    problems.push('a row has an llm-rubric check, and the experiment has no judge ({"connection", "model"})');
  return problems;
}

/** Problems as lines: `variants[1].model: must be a string, found number 3`. */
export function describeFileProblems(problems: readonly FileProblem[]): string[] {
  return problems.map((p) => (p.path ? `${p.path}: ${p.message}` : p.message));
}

/** The experiment as its file: JSON, two-space indented, the format above. */
export function writeExperimentFile(experiment: Experiment): string {
  const { dataset, variants, judge, ...rest } = experiment;
  const withoutPageOnly = (connection: Experiment['variants'][number]['connection']) => {
    const { connectionId: _page, ...kept } = connection;
    return kept;
  };
  return `${JSON.stringify(
    {
      ...rest,
      dataset:
        dataset.kind === 'inline' ? { rows: dataset.rows } : { path: dataset.path, format: dataset.format },
      variants: variants.map((v) => ({ ...v, connection: withoutPageOnly(v.connection) })),
      ...(judge ? { judge: { ...judge, connection: withoutPageOnly(judge.connection) } } : {}),
    },
    null,
    2,
  )}\n`;
}

/**
 * The dataset file's path from the experiment file's (both as given, `/` or `\` separated): the
 * folder of the one joined with the other. Pure, so the runner does the reading.
 */
export function resolveDatasetPath(experimentFilePath: string, datasetPath: string): string {
  const cut = Math.max(experimentFilePath.lastIndexOf('/'), experimentFilePath.lastIndexOf('\\'));
  return cut < 0 ? datasetPath : `${experimentFilePath.slice(0, cut + 1)}${datasetPath}`;
}
