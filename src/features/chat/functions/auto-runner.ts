import type { ChatSession } from '../session';
import { sendFunctionResult } from './send-function-result';
import type { FunctionsWorkbench } from './functions-workbench';

/**
 * Answers function calls from the workbench's mock results while auto-run is on: when a reply ends
 * as a complete function call whose function has a canned result, the result is sent back and the
 * next reply requested, up to `maxSteps` steps per user turn. Returns the unsubscribe.
 */
export function startAutoRunner(session: ChatSession, workbench: FunctionsWorkbench): () => void {
  let handledId: string | null = null;
  let lastUserId: string | null = null;
  // A result sent "as a user message" is our own turn, not the user's: it must not restart the run.
  let ownTurn = false;
  const check = () => {
    const snapshot = session.getSnapshot();
    const userId = snapshot.messages.findLast((m) => m.role === 'user')?.id ?? null;
    if (userId !== lastUserId) {
      lastUserId = userId;
      if (ownTurn) ownTurn = false;
      else if (workbench.getSnapshot().timeline.length > 0) workbench.resetRun();
    }
    const state = workbench.getSnapshot();
    if (!state.autoRun || snapshot.status !== 'ready') return;
    const last = snapshot.messages.at(-1);
    if (!last || last.role !== 'assistant' || last.status !== 'complete' || !last.function_call) return;
    if (last.id === handledId) return;
    handledId = last.id;
    const { name, arguments: args } = last.function_call;
    const result = state.mocks[name];
    if (result === undefined) {
      workbench.noteAutoRun(
        `Auto-run paused: '${name}' has no mock result. Enter one, or send a result by hand.`,
      );
      return;
    }
    if (state.timeline.length >= state.maxSteps) {
      workbench.noteAutoRun(
        `Auto-run stopped after ${state.maxSteps} steps (the limit). Raise it or continue by hand.`,
      );
      return;
    }
    workbench.addStep({ name, arguments: args, result, at: Date.now() });
    // Deferred: the session is still notifying its listeners of the reply that just ended.
    ownTurn = state.resultRole === 'user';
    queueMicrotask(() => void sendFunctionResult(session, name, result, state.resultRole));
  };
  const unsubscribe = session.subscribe(check);
  check();
  return unsubscribe;
}
