import type { ChatStores } from '../chat-stores';
import type { ToolCall } from '../../../protocol/wire';
import { sendFunctionResult } from './send-function-result';
import { sendToolResult } from './send-tool-result';
import type { WorkbenchState } from './workbench-state';
import { mockResult } from './mock-result';

/**
 * Answers function calls of conversation `id` from its workbench's mock results while auto-run is
 * on: when a reply ends as a complete function call whose function has a canned result, the result
 * is sent back and the next reply requested, up to `maxSteps` steps per user turn. Returns the
 * unsubscribe.
 */
export function startAutoRunner(
  { sessions, workbenches }: Pick<ChatStores, 'sessions' | 'workbenches'>,
  id: string,
): () => void {
  let handledId: string | null = null;
  let lastUserId: string | null = null;
  // A result sent "as a user message" is our own turn, not the user's: it must not restart the run.
  let ownTurn = false;
  const workbench = workbenches.getState().actions;
  const check = () => {
    const session = sessions.getState().sessions[id];
    const state = workbenches.getState().workbenches[id];
    if (!session || !state) return;
    const userId = session.messages.findLast((m) => m.role === 'user')?.id ?? null;
    if (userId !== lastUserId) {
      lastUserId = userId;
      if (ownTurn) ownTurn = false;
      else if (state.timeline.length > 0) workbench.resetRun(id);
    }
    if (!state.autoRun || session.status !== 'ready') return;
    const last = session.messages.at(-1);
    if (!last || last.role !== 'assistant' || last.status !== 'complete') return;
    const calls = last.tool_calls ?? [];
    if (!last.function_call && calls.length === 0) return;
    if (last.id === handledId) return;
    handledId = last.id;
    if (calls.length > 0) {
      answerToolCalls(last.id, calls, state);
      return;
    }
    const { name, arguments: args } = last.function_call!;
    const result = mockResult(state, name);
    if (result === undefined) {
      workbench.noteAutoRun(
        id,
        `Auto-run paused: '${name}' has no mock result. Enter one, or send a result by hand.`,
      );
      return;
    }
    if (state.timeline.length >= state.maxSteps) {
      workbench.noteAutoRun(
        id,
        `Auto-run stopped after ${state.maxSteps} steps (the limit). Raise it or continue by hand.`,
      );
      return;
    }
    workbench.addStep(id, { name, arguments: args, result, at: Date.now() });
    // Deferred: the store is still notifying its listeners of the reply that just ended.
    ownTurn = state.resultRole === 'user';
    queueMicrotask(() => void sendFunctionResult(sessions, id, name, result, state.resultRole, 'mock'));
  };
  // Parallel calls (tools dialect): all answered from their mocks, then one request with every result.
  const answerToolCalls = (replyId: string, calls: readonly ToolCall[], state: WorkbenchState) => {
    const missing = calls.find((call) => mockResult(state, call.function.name) === undefined);
    if (missing) {
      workbench.noteAutoRun(
        id,
        `Auto-run paused: '${missing.function.name}' has no mock result. Enter one, or send its result by hand.`,
      );
      return;
    }
    if (state.timeline.length + calls.length > state.maxSteps) {
      workbench.noteAutoRun(
        id,
        `Auto-run stopped: ${calls.length} more calls would pass the limit of ${state.maxSteps} steps. Raise it or continue by hand.`,
      );
      return;
    }
    for (const call of calls)
      workbench.addStep(id, {
        name: call.function.name,
        arguments: call.function.arguments,
        result: mockResult(state, call.function.name)!,
        at: Date.now(),
      });
    queueMicrotask(() => {
      void (async () => {
        for (const call of calls)
          await sendToolResult(sessions, id, replyId, call, mockResult(state, call.function.name)!, 'mock');
      })();
    });
  };
  const unsubscribe = sessions.subscribe(check);
  check();
  return unsubscribe;
}
