/**
 * The experiments page's working copy: what the person edits (template, dataset, variants as Compare
 * makes them, checks as typed, repeats) and which run is shown. Kept in IndexedDB, so it is read back
 * as untrusted data (readPageDraft) and turned into the shared core's `Experiment` (toExperiment),
 * which the page and the command line run alike.
 */
import { checkBoolean, checkObject, checkOptional, checkString, type Issue } from '../chat/json-checks';
import { checkVariantParameters } from '../compare/variant-parameters-check';
import { describeVariant, MAX_VARIANTS, type Variant } from '../compare/variants';
import { CHECK_KINDS, readCheck } from './checks/registry';
import { readInlineRows } from './dataset';
import { EXPERIMENT_FILE_VERSION, MAX_REPEATS, type Experiment } from './experiment';
import type { FunctionDialect } from '../connection';
import type { CheckSpec, PreparedCheck } from './checks/types';
import type { DatasetRow } from './dataset-row';
import type { ExperimentTemplate } from './template';

/** A check as the editor holds it: the text typed, read into a spec when the run starts. */
export interface CheckDraft {
  id: string;
  /** A type of CHECK_TYPES, without `not-`. */
  type: string;
  negate: boolean;
  /** As a CSV `__expected` cell writes it after `type:` (`Paris`, `10..50`, a JSON Schema). */
  value: string;
  /** Blank is 1. */
  weight: string;
  metric: string;
}

export interface PageDraft {
  name: string;
  template: ExperimentTemplate;
  /** The dataset's variables, in order (the table's columns). */
  columns: string[];
  rows: DatasetRow[];
  variants: Variant[];
  checks: CheckDraft[];
  repeats: number;
  concurrency: number;
  /** The model grading `llm-rubric` checks. */
  judgeModel: string;
  /** The connection it is asked on; absent (or empty), the first variant's. */
  judgeConnectionId?: string;
  /** The run shown (its results are stored under this id). */
  runId: string;
  /** A run marked as the one later runs are compared with. */
  baselineRunId: string | null;
}

export const MAX_PAGE_CONCURRENCY = 16;

/** A two-row dataset so the page shows what a dataset is before anything is imported. */
export function defaultDraft(newId: () => string, variant: (temperature: number) => Variant): PageDraft {
  const rows = readInlineRows(
    [
      { city: 'Paris', country: 'France' },
      { city: 'Rome', country: 'Italy' },
    ],
    'rows',
    [],
  )!.rows;
  return {
    name: 'Untitled experiment',
    template: {
      system: 'You answer in one sentence.',
      fewShot: [],
      message: 'Which country is {{city}} in? The answer should be {{country}}.',
    },
    columns: ['city', 'country'],
    rows,
    variants: [variant(0), variant(1)],
    checks: [{ id: newId(), type: 'icontains', negate: false, value: '{{country}}', weight: '', metric: '' }],
    repeats: 1,
    concurrency: 4,
    judgeModel: 'svc-chat',
    runId: newId(),
    baselineRunId: null,
  };
}

/** A check draft as a spec (the value read as a CSV cell reads it). */
export function specOf(draft: CheckDraft): CheckSpec {
  const type = `${draft.negate ? 'not-' : ''}${draft.type}`;
  const kind = CHECK_KINDS.get(draft.type);
  const text = draft.value;
  let value: unknown;
  if (text.trim() !== '') value = kind?.fromCell ? kind.fromCell(text) : text;
  const weight = draft.weight.trim() === '' ? undefined : Number(draft.weight);
  return {
    type,
    ...(value !== undefined ? { value } : {}),
    ...(weight !== undefined ? { weight } : {}),
    ...(draft.metric.trim() !== '' ? { metric: draft.metric.trim() } : {}),
  };
}

/** Every check read, or what is wrong with each, by its place in the list (1-based). */
export function readCheckDrafts(drafts: readonly CheckDraft[]): {
  checks: PreparedCheck[];
  problems: string[];
  specs: CheckSpec[];
} {
  const checks: PreparedCheck[] = [];
  const problems: string[] = [];
  const specs = drafts.map(specOf);
  specs.forEach((spec, i) => {
    const issues: Issue[] = [];
    const check = readCheck(spec, `check ${i + 1}`, issues);
    if (check) checks.push(check);
    for (const issue of issues) problems.push(`${issue.path} ${issue.reason}`);
  });
  return { checks, problems, specs };
}

/** Labels name columns, cells and JUnit suites, so two alike variants get a number to tell them apart. */
export function variantLabels(variants: readonly Variant[], nameOf: (connectionId: string) => string | null) {
  const seen = new Map<string, number>();
  return variants.map((variant) => {
    const base = describeVariant(variant, nameOf(variant.connectionId)) || 'variant';
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base} (${n})`;
  });
}

export interface ConnectionInfo {
  id: string;
  name: string;
  baseURL: string;
  dialect: FunctionDialect;
}

/** The shared core's experiment from the page's draft; null with what stops it from running. */
export function toExperiment(
  draft: PageDraft,
  connections: readonly ConnectionInfo[],
): { experiment: Experiment; checks: PreparedCheck[] } | { problems: string[] } {
  const problems: string[] = [];
  const byId = new Map(connections.map((c) => [c.id, c]));
  if (draft.variants.length === 0) problems.push('Add a variant to run.');
  if (draft.rows.length === 0) problems.push('Add a row to the dataset, or import one.');
  for (const [i, v] of draft.variants.entries())
    if (!byId.has(v.connectionId))
      problems.push(`Variant ${i + 1} has no connection: choose one, or add one in Settings.`);
  const judgeConnection = draft.judgeConnectionId || draft.variants[0]?.connectionId;
  if (draft.judgeConnectionId && !byId.has(draft.judgeConnectionId))
    problems.push('The judge’s connection is gone: choose another in the Parameters tab.');
  const read = readCheckDrafts(draft.checks);
  problems.push(...read.problems);
  if (problems.length > 0) return { problems };
  const labels = variantLabels(draft.variants, (id) => byId.get(id)?.name ?? null);
  const connectionOf = (id: string) => {
    const c = byId.get(id)!;
    return { baseURL: c.baseURL, connectionId: c.id, dialect: c.dialect };
  };
  const first = draft.variants[0]!;
  return {
    experiment: {
      version: EXPERIMENT_FILE_VERSION,
      name: draft.name,
      template: draft.template,
      dataset: { kind: 'inline', rows: draft.rows.map((r) => r.vars) },
      variants: draft.variants.map((v, i) => ({
        label: labels[i]!,
        connection: connectionOf(v.connectionId),
        model: v.model,
        parameters: v.parameters,
      })),
      checks: read.specs,
      judge: { model: draft.judgeModel || first.model, connection: connectionOf(judgeConnection!) },
      repeats: draft.repeats,
      concurrency: draft.concurrency,
      stream: true,
      gates: {},
    },
    checks: read.checks,
  };
}

const checkVariant = checkObject({
  id: checkString,
  connectionId: checkString,
  model: checkString,
  parameters: checkVariantParameters,
  useFunctions: checkOptional(checkBoolean),
});

const isInt = (v: unknown, min: number, max: number): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

/**
 * A stored draft read as untrusted: a record another version (or a damaged disk) wrote is refused
 * with what is wrong, and the page starts afresh rather than run on a half-read experiment.
 */
export function readPageDraft(raw: unknown): { draft: PageDraft } | { problems: string[] } {
  const issues: Issue[] = [];
  const shape = checkObject(
    {
      name: checkString,
      template: checkObject({ system: checkString, message: checkString }, true),
      runId: checkString,
      judgeModel: checkString,
    },
    true,
  );
  if (!shape(raw, '$', issues)) return { problems: issues.map((i) => `${i.path} ${i.reason}`) };
  const d = raw as Record<string, unknown>;
  const template = d.template as Record<string, unknown>;
  const fewShot = Array.isArray(template.fewShot) ? template.fewShot : [];
  const turns = fewShot.filter(
    (t): t is { role: 'user' | 'assistant'; content: string } =>
      typeof t === 'object' &&
      t !== null &&
      ((t as Record<string, unknown>).role === 'user' ||
        (t as Record<string, unknown>).role === 'assistant') &&
      typeof (t as Record<string, unknown>).content === 'string',
  );
  if (turns.length !== fewShot.length)
    issues.push({ path: '$.template.fewShot', reason: 'holds a turn that is not {role, content}' });
  const variants = Array.isArray(d.variants) ? d.variants : [];
  if (variants.length > MAX_VARIANTS)
    issues.push({ path: '$.variants', reason: `has more than ${MAX_VARIANTS}` });
  variants.forEach((v, i) => checkVariant(v, `$.variants[${i}]`, issues));
  // Rows are read again from their variables, so their ids and checks are the reader's own.
  const rawRows = Array.isArray(d.rows) ? d.rows : [];
  const rows =
    rawRows.length === 0
      ? []
      : (readInlineRows(
          rawRows.map((r: unknown) => {
            const row = (typeof r === 'object' && r !== null ? r : {}) as Partial<DatasetRow>;
            return {
              vars: row.vars ?? {},
              assert: row.checks ?? [],
              ...(row.description !== undefined ? { description: row.description } : {}),
              metadata: row.metadata ?? {},
            };
          }),
          '$.rows',
          issues,
        )?.rows ?? []);
  const columns = Array.isArray(d.columns) ? d.columns.filter((c): c is string => typeof c === 'string') : [];
  const checks = Array.isArray(d.checks) ? d.checks : [];
  const checkDrafts = checks.filter(
    (c): c is CheckDraft =>
      typeof c === 'object' &&
      c !== null &&
      ['id', 'type', 'value', 'weight', 'metric'].every(
        (k) => typeof (c as Record<string, unknown>)[k] === 'string',
      ) &&
      typeof (c as Record<string, unknown>).negate === 'boolean',
  );
  if (checkDrafts.length !== checks.length)
    issues.push({ path: '$.checks', reason: 'holds a check the editor cannot show' });
  if (!isInt(d.repeats, 1, MAX_REPEATS))
    issues.push({ path: '$.repeats', reason: `must be 1 to ${MAX_REPEATS}` });
  if (!isInt(d.concurrency, 1, MAX_PAGE_CONCURRENCY))
    issues.push({ path: '$.concurrency', reason: `must be 1 to ${MAX_PAGE_CONCURRENCY}` });
  if (d.baselineRunId !== null && typeof d.baselineRunId !== 'string')
    issues.push({ path: '$.baselineRunId', reason: 'must be a run id or null' });
  if (issues.length > 0) return { problems: issues.slice(0, 5).map((i) => `${i.path} ${i.reason}`) };
  return {
    draft: {
      name: d.name as string,
      template: { system: template.system as string, fewShot: turns, message: template.message as string },
      columns,
      rows,
      variants: variants as Variant[],
      checks: checkDrafts,
      repeats: d.repeats as number,
      concurrency: d.concurrency as number,
      judgeModel: d.judgeModel as string,
      ...(typeof d.judgeConnectionId === 'string' && d.judgeConnectionId !== ''
        ? { judgeConnectionId: d.judgeConnectionId }
        : {}),
      runId: d.runId as string,
      baselineRunId: (d.baselineRunId as string | null) ?? null,
    },
  };
}

/** What storage held: the draft, or none (`problems` say why when one was there but unreadable). */
export interface StoredDraft {
  draft: PageDraft | null;
  problems: string[];
}

/** A stored record (undefined when nothing was stored) read as a draft. */
export function storedDraft(raw: unknown): StoredDraft {
  if (raw === undefined) return { draft: null, problems: [] };
  const read = readPageDraft(raw);
  return 'draft' in read ? { draft: read.draft, problems: [] } : { draft: null, problems: read.problems };
}
