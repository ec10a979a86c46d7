import { useSyncExternalStore } from 'react';
import { Button } from '../../../components/ui/button';
import type { FunctionCall } from '../../../lib/api';
import type { ChatSession } from '../session';
import { FunctionCallCard } from './function-call-card';
import { FunctionResultForm } from './function-result-form';
import { useFunctionsContext, useWorkbench } from './functions-context';
import { explainRoleRejection, sendFunctionResult } from './send-function-result';

function useSnapshot(session: ChatSession | null) {
  return useSyncExternalStore(
    session?.subscribe ?? noopSubscribe,
    session ? session.getSnapshot : () => null,
  );
}
const noopSubscribe = () => () => undefined;

/** Deletes the failed reply and the function message, and sends the same result as a user message. */
async function resendAsUser(
  session: ChatSession,
  functionMessageId: string,
  failedId: string,
  name: string,
  result: string,
) {
  session.deleteMessage(failedId);
  session.deleteMessage(functionMessageId);
  await sendFunctionResult(session, name, result, 'user');
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
  const context = useFunctionsContext();
  const { workbench, state } = useWorkbench();
  const snapshot = useSnapshot(context?.session ?? null);
  const definition = snapshot?.options.functions?.find((f) => f.name === call.name);
  if (!context || !snapshot || messageId === undefined)
    return <FunctionCallCard call={call} streaming={streaming} definition={definition} />;
  const { session } = context;
  const index = snapshot.messages.findIndex((m) => m.id === messageId);
  const isLast = index === snapshot.messages.length - 1;
  const next = snapshot.messages[index + 1];
  const after = snapshot.messages[index + 2];
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
          initial={state.mocks[call.name] ?? ''}
          disabled={
            snapshot.status === 'submitted' ||
            snapshot.status === 'streaming' ||
            state.functionsProblem !== null
          }
          onSend={(result) => void sendFunctionResult(session, call.name, result, state.resultRole)}
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
              void resendAsUser(session, next.id, after.id, call.name, next.content);
            }}
          >
            Send the result again as a user message
          </Button>
        </div>
      ) : null}
    </FunctionCallCard>
  );
}
