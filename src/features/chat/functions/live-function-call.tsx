import { Button } from '../../../components/ui/button';
import type { FunctionCall } from '../../../lib/api';
import { useChatStores } from '../use-chat-stores';
import { isBusy, useOpenConversationId, useOpenSession, type ChatSessionsStore } from '../session';
import { FunctionCallCard } from './function-call-card';
import { FunctionResultForm } from './function-result-form';
import { explainRoleRejection, sendFunctionResult } from './send-function-result';
import { useWorkbench } from './use-workbench';
import { mockResult } from './mock-result';

/** Deletes the failed reply and the function message, and sends the same result as a user message. */
async function resendAsUser(
  sessions: ChatSessionsStore,
  id: string,
  ids: { functionMessage: string; failed: string },
  name: string,
  result: string,
) {
  const { actions } = sessions.getState();
  actions.deleteMessage(id, ids.failed);
  actions.deleteMessage(id, ids.functionMessage);
  await sendFunctionResult(sessions, id, name, result, 'user');
}

/**
 * The function-call card of one transcript message, connected to the open conversation: it checks
 * the arguments against the definitions in force, offers the result form when the call is the last
 * message, and explains a server's refusal of the `function` role right under the call.
 */
export function LiveFunctionCall({
  call,
  streaming,
  messageId,
}: {
  call: FunctionCall;
  streaming: boolean;
  messageId?: string | undefined;
}) {
  const id = useOpenConversationId();
  const { sessions } = useChatStores();
  const { workbench, state } = useWorkbench();
  const functions = useOpenSession((s) => s.options.functions);
  const messages = useOpenSession((s) => s.messages);
  const busy = useOpenSession(isBusy);
  const definition = functions?.find((f) => f.name === call.name);
  if (id === null || messageId === undefined)
    return <FunctionCallCard call={call} streaming={streaming} definition={definition} />;
  const index = messages.findIndex((m) => m.id === messageId);
  const isLast = index === messages.length - 1;
  const next = messages[index + 1];
  const after = messages[index + 2];
  const rejection =
    next?.role === 'function' && after?.status === 'error'
      ? explainRoleRejection(after.error, 'function')
      : null;
  return (
    <FunctionCallCard call={call} streaming={streaming} definition={definition}>
      {isLast && !streaming ? (
        <FunctionResultForm
          name={call.name}
          role={state.resultRole}
          onRoleChange={(role) => workbench.setResultRole(role)}
          initial={mockResult(state, call.name) ?? ''}
          disabled={busy || state.functionsProblem !== null}
          onSend={(result) => void sendFunctionResult(sessions, id, call.name, result, state.resultRole)}
        />
      ) : null}
      {rejection && next && after ? (
        <div
          role="alert"
          className="mt-2 rounded border border-amber-300 bg-amber-50 p-2 text-xs dark:border-amber-800 dark:bg-amber-950/40"
        >
          <p>{rejection}</p>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => {
              workbench.setResultRole('user');
              const ids = { functionMessage: next.id, failed: after.id };
              void resendAsUser(sessions, id, ids, call.name, next.content);
            }}
          >
            Send the result again as a user message
          </Button>
        </div>
      ) : null}
    </FunctionCallCard>
  );
}
