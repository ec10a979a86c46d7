import type { ToolCall } from '../../../protocol/wire';
import { useChatStores } from '../use-chat-stores';
import { isBusy, useOpenConversationId, useOpenSession } from '../session';
import { FunctionCallCard } from './function-call-card';
import { ResultForm } from './result-form';
import { sendToolResult, toolResultsOf } from './send-tool-result';
import { useWorkbench } from './use-workbench';
import { mockResult } from './mock-result';

/**
 * The calls of a tools-dialect reply, one card each (parallel calls are independent: each has its own
 * argument check, mock result and result form). The next request goes when every call has its result.
 */
export function LiveToolCalls({
  calls,
  streaming,
  messageId,
}: {
  calls: readonly ToolCall[];
  streaming: boolean;
  messageId: string;
}) {
  const id = useOpenConversationId();
  const { sessions } = useChatStores();
  const { state } = useWorkbench();
  const functions = useOpenSession((s) => s.options.functions);
  const messages = useOpenSession((s) => s.messages);
  const busy = useOpenSession(isBusy);
  const replyIndex = messages.findIndex((m) => m.id === messageId);
  const { results, open } = toolResultsOf(messages, replyIndex);
  const waiting = calls.length - calls.filter((c) => results.has(c.id)).length;
  return (
    <div className="flex flex-col gap-2">
      {calls.length > 1 ? (
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          {calls.length} calls at once (parallel tool calls)
          {open && !streaming && waiting > 0 && waiting < calls.length
            ? `: ${waiting} result${waiting === 1 ? '' : 's'} still to give; the reply is asked for when all are in`
            : ''}
        </p>
      ) : null}
      {calls.map((call, index) => (
        <FunctionCallCard
          key={call.id || index}
          call={call.function}
          callId={call.id}
          streaming={streaming}
          definition={functions?.find((f) => f.name === call.function.name)}
        >
          {results.has(call.id) ? (
            <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
              Result given (the tool message below).
            </p>
          ) : id !== null && open && !streaming ? (
            <ResultForm
              name={call.function.name}
              initial={mockResult(state, call.function.name) ?? ''}
              disabled={busy || state.functionsProblem !== null}
              onSend={(result) => void sendToolResult(sessions, id, messageId, call, result)}
            />
          ) : null}
        </FunctionCallCard>
      ))}
    </div>
  );
}
