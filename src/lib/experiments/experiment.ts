/**
 * An experiment as data: what the page keeps and what a file holds once read (experiment-file.ts
 * reads and writes the file). Plain JSON throughout, so it can be stored, cloned and exported.
 */
import type { ChatParameters } from '../chat/chat-parameters';
import type { FunctionDialect } from '../connection';
import type { CheckSpec } from './checks/types';
import type { JudgeSettings } from './checks/llm-rubric';
import type { DatasetFormat } from './dataset';
import type { ExperimentTemplate } from './template';
import type { FunctionDefinition } from '../../protocol/wire';

/** The experiment file's format version this playground writes and reads. */
export const EXPERIMENT_FILE_VERSION = 1;

/** Room on a screen for this many columns of the matrix, as in Compare. */
export const MAX_EXPERIMENT_VARIANTS = 8;
export const MAX_REPEATS = 100;
export const MAX_CONCURRENCY = 64;
/** Rows × variants × repeats: each cell is a request and a stored result. */
export const MAX_CELLS = 1_000_000;

/**
 * Where a variant's requests go. A file names a base URL and the environment variable that holds the
 * key (never the key); the page may name one of its saved connections instead.
 */
export interface ExperimentConnection {
  baseURL: string;
  /** The name of an environment variable holding the API key (headless runs). */
  apiKeyEnv?: string;
  /** How functions are spelled on the wire; legacy (the spec's) when absent. */
  dialect?: FunctionDialect;
  /** The page's saved connection, when the page made the variant. Never in a file. */
  connectionId?: string;
}

/** One column of the matrix: a model and its settings. */
export interface ExperimentVariant {
  /** Unique within the experiment; names the column, the JUnit suite and the cell ids. */
  label: string;
  connection: ExperimentConnection;
  model: string;
  /** Sent as they are (temperature, max_tokens, response_format, function_call…); unset is absent. */
  parameters: ChatParameters;
  /** Offered to the model; written in the connection's dialect when sent. */
  functions?: FunctionDefinition[];
}

/** The model that grades `llm-rubric` checks, and where it is. */
export interface ExperimentJudge extends JudgeSettings {
  connection: ExperimentConnection;
}

export type ExperimentDataset =
  /** Rows as the file writes them (test cases or bare objects); read by readInlineRows. */
  | { kind: 'inline'; rows: Record<string, unknown>[] }
  /** A CSV or JSONL file, its path relative to the experiment file's folder and inside it. */
  | { kind: 'file'; path: string; format: DatasetFormat };

/**
 * What a run must reach for a headless run to exit 0. Rates are shares of graded cells (a cell
 * whose request failed is an error, reported apart, not a failed check).
 */
export interface ExperimentGates {
  /** All graded cells together. */
  minPassRate?: number;
  /** Each variant's graded cells: one rate for every variant, or rates by label. */
  minPassRatePerVariant?: number | Record<string, number>;
  /** Each row's repeats within each variant: 1 asks that every repeat pass (pass^k). */
  minPassRatePerRow?: number;
}

export interface Experiment {
  version: typeof EXPERIMENT_FILE_VERSION;
  name: string;
  description?: string;
  template: ExperimentTemplate;
  dataset: ExperimentDataset;
  variants: ExperimentVariant[];
  /** Applied to every row, before the row's own checks. */
  checks: CheckSpec[];
  judge?: ExperimentJudge;
  /** Each row × variant is sent this many times (1 to MAX_REPEATS). */
  repeats: number;
  /** Requests in flight at once, at most (each connection's rate gate may allow fewer). */
  concurrency: number;
  /** Stream replies, so time to first token is measured (true unless the file says otherwise). */
  stream: boolean;
  gates: ExperimentGates;
}
