import { createStore, type StoreApi } from 'zustand/vanilla';
import type { FunctionDefinition } from '../../../lib/api';
import { definitionsChecks } from '../../../lib/function-schema/definitions-check';
import { loadSchemaChecker, schemaCheckerState } from '../../../lib/function-schema/schema-checker';
import {
  checkDefinitions,
  type AutoRunStep,
  type CheckedDefinitions,
  type ResultRole,
  type WorkbenchState,
} from './workbench-state';
import { forgetWorkbenchSettings, loadWorkbenchSettings, saveWorkbenchSettings } from './workbench-settings';

/** What can be done to a conversation's function tools; each names the conversation. */
export interface WorkbenchActions {
  /** Gives an opening conversation its workbench (`newWorkbench`); one it already has is kept. */
  open(id: string, workbench: WorkbenchState): void;
  /** Forgets a conversation's workbench (the conversation was deleted). */
  forget(id: string): void;
  /**
   * Replaces the editor text, checked by the caller (`checkDefinitions`). Valid definitions go to the
   * conversation at once, invalid ones never.
   */
  setDefinitions(id: string, checked: CheckedDefinitions): void;
  setMock(id: string, name: string, result: string): void;
  setAutoRun(id: string, autoRun: boolean): void;
  setMaxSteps(id: string, maxSteps: number): void;
  setResultRole(id: string, resultRole: ResultRole): void;
  addStep(id: string, step: AutoRunStep): void;
  /** A new user turn starts a new run: the step count and timeline start over. */
  resetRun(id: string): void;
  noteAutoRun(id: string, note: string | null): void;
}

export interface WorkbenchesState {
  /**
   * By conversation id, for every conversation opened in this app, so switching back keeps mocks
   * and auto-run settings (saved apart from the conversation, by `workbench-settings.ts`).
   */
  workbenches: Readonly<Record<string, WorkbenchState>>;
  actions: WorkbenchActions;
}

export type WorkbenchesStore = StoreApi<WorkbenchesState>;

/**
 * The function tools of the conversations: definitions text and its check, mock results, auto-run
 * settings and timeline. `applyFunctions` hands valid definitions to the conversation.
 */
export function createWorkbenchesStore(
  applyFunctions: (id: string, functions: FunctionDefinition[]) => void,
): WorkbenchesStore {
  return createStore<WorkbenchesState>()((set, get) => {
    const patch = (id: string, change: (w: WorkbenchState) => Partial<WorkbenchState>) =>
      set((state) => {
        const current = state.workbenches[id];
        return current
          ? { workbenches: { ...state.workbenches, [id]: { ...current, ...change(current) } } }
          : state;
      });
    // Mock results and auto-run settings outlive a reload; the conversation record saves only definitions.
    const patchSettings = (id: string, change: (w: WorkbenchState) => Partial<WorkbenchState>) => {
      patch(id, change);
      const w = get().workbenches[id];
      if (w) saveWorkbenchSettings(id, w);
    };
    const waitingForChecker = (w: WorkbenchState) =>
      w.check.problems.length === 0 && w.check.pending !== null;
    // Definitions met before the checks (and Ajv) arrived are checked again once they have (or
    // have failed, which the check then says); a failed fetch is not retried in a loop.
    const recheckWhenReady = (w: WorkbenchState | CheckedDefinitions) => {
      if (w.check.pending === null) return;
      if (definitionsChecks.state().status === 'failed' || schemaCheckerState().status === 'failed') return;
      const recheck = () => {
        for (const [id, current] of Object.entries(get().workbenches))
          if (waitingForChecker(current)) actions.setDefinitions(id, checkDefinitions(current.text));
      };
      void Promise.all([definitionsChecks.load(), loadSchemaChecker()]).then(recheck, recheck);
    };
    const actions: WorkbenchActions = {
      open(id, workbench) {
        if (get().workbenches[id]) return;
        const opened = { ...workbench, ...loadWorkbenchSettings(id) };
        set((state) => ({ workbenches: { ...state.workbenches, [id]: opened } }));
        recheckWhenReady(workbench);
      },
      forget(id) {
        forgetWorkbenchSettings(id);
        set((state) => {
          const { [id]: _gone, ...rest } = state.workbenches;
          return { workbenches: rest };
        });
      },
      setDefinitions(id, checked) {
        if (checked.check.definitions) applyFunctions(id, checked.check.definitions);
        patch(id, () => checked);
        recheckWhenReady(checked);
      },
      setMock: (id, name, result) =>
        patchSettings(id, (w) => {
          // Null-prototype: a name such as `__proto__` is set as a key, not as the prototype.
          const mocks: Record<string, string> = Object.assign(Object.create(null), w.mocks);
          if (result === '') delete mocks[name];
          else mocks[name] = result;
          return { mocks };
        }),
      setAutoRun: (id, autoRun) => patchSettings(id, () => ({ autoRun, autoRunNote: null })),
      setMaxSteps: (id, maxSteps) =>
        patchSettings(id, () => ({ maxSteps: Math.max(1, Math.min(20, Math.floor(maxSteps))) })),
      setResultRole: (id, resultRole) => patchSettings(id, () => ({ resultRole })),
      addStep: (id, step) => patch(id, (w) => ({ timeline: [...w.timeline, step] })),
      resetRun: (id) => patch(id, () => ({ timeline: [], autoRunNote: null })),
      noteAutoRun: (id, note) => patch(id, () => ({ autoRunNote: note })),
    };
    return { workbenches: {}, actions };
  });
}
