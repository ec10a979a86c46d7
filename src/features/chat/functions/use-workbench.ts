import { useMemo } from 'react';
import { useStore } from 'zustand';
import { useChatStores } from '../use-chat-stores';
import { useOpenConversationId } from '../session';
import type { WorkbenchActions } from './workbenches-store';
import { checkDefinitions, EMPTY_WORKBENCH, type WorkbenchState } from './workbench-state';

type Bound<A> = {
  [K in keyof A]: A[K] extends (id: string, ...rest: infer P) => infer R ? (...rest: P) => R : never;
};

/** The workbench actions of one conversation, without repeating its id; `setText` checks the text. */
export type BoundWorkbench = Bound<Omit<WorkbenchActions, 'open' | 'forget' | 'setDefinitions'>> & {
  setText(text: string): void;
};

function bind(actions: WorkbenchActions, id: string): BoundWorkbench {
  return {
    setText: (text) => actions.setDefinitions(id, checkDefinitions(text)),
    setMock: (name, result) => actions.setMock(id, name, result),
    setAutoRun: (on) => actions.setAutoRun(id, on),
    setMaxSteps: (steps) => actions.setMaxSteps(id, steps),
    setResultRole: (role) => actions.setResultRole(id, role),
    addStep: (step) => actions.addStep(id, step),
    resetRun: () => actions.resetRun(id),
    noteAutoRun: (note) => actions.noteAutoRun(id, note),
  };
}

/**
 * The open conversation's function tools: their state (re-rendering when it changes, never for a
 * streaming frame) and its actions. Outside the chat page, an empty workbench that ignores changes.
 */
export function useWorkbench(): { state: WorkbenchState; workbench: BoundWorkbench } {
  const id = useOpenConversationId() ?? '';
  const store = useChatStores().workbenches;
  const state = useStore(store, (s) => s.workbenches[id] ?? EMPTY_WORKBENCH);
  const actions = useStore(store, (s) => s.actions);
  const workbench = useMemo(() => bind(actions, id), [actions, id]);
  return { state, workbench };
}

/** Why Send must stay disabled because of the function definitions (null when it need not). */
export function useFunctionsProblem(): string | null {
  const id = useOpenConversationId() ?? '';
  return useStore(
    useChatStores().workbenches,
    (s) => s.workbenches[id]?.functionsProblem ?? EMPTY_WORKBENCH.functionsProblem,
  );
}
