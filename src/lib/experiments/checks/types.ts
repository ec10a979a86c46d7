import type { Issue } from '../../chat/json-checks';
import type { FinishReason, FunctionCall, FunctionDefinition, ToolCall, Usage } from '../../../protocol/wire';

/**
 * A check as written in an experiment file, a JSONL row's `assert` or a CSV `__expected` column:
 * promptfoo's assertion shape, so its files can be brought as they are.
 */
export interface CheckSpec {
  /** A type from CHECK_TYPES, or one prefixed `not-` to pass when that one fails. */
  type: string;
  /** What the type compares with; its shape depends on the type (see each check's summary). */
  value?: unknown;
  /** How much it counts in the cell's score; 1 when absent. 0 counts only towards pass/fail. */
  weight?: number;
  /** A name to total results under (`accuracy`, `format`), across checks and rows. */
  metric?: string;
  /** `llm-rubric` only: the judge's score (0..1) needed to pass; without it, the judge's own pass. */
  threshold?: number;
}

/** The reply a cell got: what a ReplyAccumulator fills (its ReplyFields fit as they are). */
export interface CellReply {
  content: string | null;
  finish_reason?: FinishReason | null;
  /** The legacy dialect's call. */
  function_call?: FunctionCall;
  /** The tools dialect's calls. */
  tool_calls?: ToolCall[];
  usage?: Usage | null;
  refusal?: string | null;
}

/** Milliseconds from the request's start; null when not measured (nothing arrived, or no end). */
export interface CellTimings {
  ttftMs: number | null;
  totalMs: number | null;
}

/** A request that failed (or a row whose template could not be filled): no checks are run on it. */
export interface CellError {
  message: string;
  /** `template`, or an ApiError kind (`rate_limit`, `network`, …), or `unexpected`. */
  kind?: string;
  status?: number | null;
}

/** What one cell came to: a reply with its figures, or an error. */
export interface CellOutcome {
  reply: CellReply | null;
  timings: CellTimings;
  error: CellError | null;
}

/** A check's finding before negation and weighting. `reason` states the fact, whichever way it went. */
export interface Verdict {
  pass: boolean;
  /** 0..1; pass ? 1 : 0 when absent. */
  score?: number;
  reason: string;
  /**
   * The check could not be made (a pattern RE2 cannot run, a reply past what is read, no usage sent,
   * a judge that did not answer): it fails, negated or not, and says why.
   */
  unchecked?: true;
}

/** One check's result on one cell. */
export interface CheckResult {
  /** As written, `not-` included. */
  type: string;
  pass: boolean;
  score: number;
  reason: string;
  weight: number;
  metric?: string;
  /** See Verdict.unchecked. */
  unchecked?: true;
  /** A model-graded check whose judge has not answered yet (it counts as not passed meanwhile). */
  pending?: true;
}

/** What grading may need beyond the reply. */
export interface GradeContext {
  /** The variant's function definitions: a `function-call` check without a schema uses their parameters. */
  functions?: readonly FunctionDefinition[];
  /** The judge's verdicts on model-graded checks, by the check's index in the cell's list. */
  judgements?: ReadonlyMap<number, Verdict>;
}

/** A kind of check: how its `value` is read (once) and how a reply is graded (per cell). */
export interface CheckKind<V = unknown> {
  type: string;
  /** What it checks and what its `value` is, in a line, for documentation and the page. */
  summary: string;
  /** Graded by a judge model through the runner (`llm-rubric`); `grade` is then not called. */
  modelGraded?: true;
  /**
   * Reads an untrusted spec's value, pushing what is wrong at `path` (`checks[2].value`); undefined
   * when it cannot be used. Patterns and schemas are compiled here, once per experiment or row.
   */
  read(spec: CheckSpec, path: string, issues: Issue[]): V | undefined;
  /** The value as a CSV `__expected` cell writes it (the text after `type:`). */
  fromCell?(text: string): unknown;
  grade(value: V, reply: CellReply, outcome: CellOutcome, context: GradeContext): Verdict;
}

/** A spec read and ready to grade with. */
export interface PreparedCheck {
  spec: CheckSpec;
  kind: CheckKind;
  negate: boolean;
  value: unknown;
  weight: number;
  metric?: string;
}

/** A cell's grade: every check's result, the weighted score, and pass when every check passes. */
export interface CellGrade {
  pass: boolean;
  /** Σ weight × score / Σ weight over the checks (pass ? 1 : 0 when every weight is 0). */
  score: number;
  results: CheckResult[];
  /** Indexes of model-graded checks still waiting for the judge. */
  pending: number[];
  /** Set when the cell has no reply to grade (its request failed): no check was run. */
  error: string | null;
}
