import type { FunctionDefinition } from '../../../lib/api';
import {
  definitionsProblemSummary,
  formatDefinitions,
  validateDefinitions,
  type DefinitionsCheck,
} from '../../../lib/function-schema';

/** How a function's result is sent back: the legacy `function` role with `name`, or as a user message. */
export type ResultRole = 'function' | 'user';

/** One step of an auto-run: the call the model made and the canned result sent back. */
export interface AutoRunStep {
  name: string;
  arguments: string;
  result: string;
  at: number;
}

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

/**
 * The function tools of one conversation, outside React: the definitions text and its check, mock
 * results, auto-run settings and the auto-run timeline. Valid definitions are handed to `apply`
 * (the session); invalid ones never are, and `functionsProblem` says why Send is blocked.
 */
export class FunctionsWorkbench {
  private state: WorkbenchState;
  private readonly listeners = new Set<() => void>();

  constructor(
    initial: readonly FunctionDefinition[],
    private readonly apply: (functions: FunctionDefinition[]) => void,
  ) {
    const text = initial.length > 0 ? formatDefinitions(initial) : '';
    const check = validateDefinitions(text);
    this.state = {
      text,
      check,
      functionsProblem: definitionsProblemSummary(check),
      mocks: {},
      autoRun: false,
      maxSteps: 3,
      resultRole: 'function',
      timeline: [],
      autoRunNote: null,
    };
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): WorkbenchState => this.state;

  /** Replaces the editor text; valid definitions go to the session at once. */
  setText(text: string): void {
    const check = validateDefinitions(text);
    if (check.definitions) this.apply(check.definitions);
    this.update({ text, check, functionsProblem: definitionsProblemSummary(check) });
  }

  /** The valid definitions, or null while the text has problems. */
  get definitions(): FunctionDefinition[] | null {
    return this.state.check.definitions;
  }

  setMock(name: string, result: string): void {
    const mocks = { ...this.state.mocks };
    if (result === '') delete mocks[name];
    else mocks[name] = result;
    this.update({ mocks });
  }

  setAutoRun(autoRun: boolean): void {
    this.update({ autoRun, autoRunNote: null });
  }

  setMaxSteps(maxSteps: number): void {
    this.update({ maxSteps: Math.max(1, Math.min(20, Math.floor(maxSteps))) });
  }

  setResultRole(resultRole: ResultRole): void {
    this.update({ resultRole });
  }

  addStep(step: AutoRunStep): void {
    this.update({ timeline: [...this.state.timeline, step] });
  }

  /** A new user turn starts a new run: the step count and timeline start over. */
  resetRun(): void {
    this.update({ timeline: [], autoRunNote: null });
  }

  noteAutoRun(note: string | null): void {
    this.update({ autoRunNote: note });
  }

  private update(patch: Partial<WorkbenchState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of [...this.listeners]) listener();
  }
}
