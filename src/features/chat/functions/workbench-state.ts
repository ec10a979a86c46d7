import type { FunctionDefinition } from '../../../lib/api';
import { formatDefinitions } from '../../../lib/function-schema/function-templates';
import {
  checkDefinitionsNow,
  definitionsProblemSummary,
  type DefinitionsCheck,
} from '../../../lib/function-schema/definitions-check';

/** How a function's result is sent back: the legacy `function` role with `name`, or as a user message. */
export type ResultRole = 'function' | 'user';

/** One step of an auto-run: the call the model made and the canned result sent back. */
export interface AutoRunStep {
  name: string;
  arguments: string;
  result: string;
  at: number;
}

/** The function tools of one conversation. */
export interface WorkbenchState {
  /** The definitions editor's text, valid or not. */
  text: string;
  check: DefinitionsCheck;
  /** Why Send is disabled (the first problem, on its line), or null. */
  functionsProblem: string | null;
  /** Canned JSON results by function name. */
  mocks: Readonly<Record<string, string>>;
  autoRun: boolean;
  maxSteps: number;
  resultRole: ResultRole;
  timeline: readonly AutoRunStep[];
  /** Set when auto-run stopped on its own (step limit, missing mock), with the reason. */
  autoRunNote: string | null;
}

/** Definitions text as typed, with its check. */
export type CheckedDefinitions = Pick<WorkbenchState, 'text' | 'check' | 'functionsProblem'>;

export function checkDefinitions(text: string): CheckedDefinitions {
  const check = checkDefinitionsNow(text);
  return { text, check, functionsProblem: definitionsProblemSummary(check) };
}

/** A conversation's workbench as it opens: its saved definitions as text, nothing else set. */
export function newWorkbench(functions: readonly FunctionDefinition[]): WorkbenchState {
  return {
    ...checkDefinitions(functions.length > 0 ? formatDefinitions(functions) : ''),
    mocks: {},
    autoRun: false,
    maxSteps: 3,
    resultRole: 'function',
    timeline: [],
    autoRunNote: null,
  };
}

/** The workbench of a conversation that is not open: nothing defined, nothing set. */
export const EMPTY_WORKBENCH: WorkbenchState = newWorkbench([]);
