import { EnumParameter } from '../../../components/params';
import { useChatStores } from '../use-chat-stores';
import { setConversationParameter, useOpenConversationId, useOpenSession } from '../session';

const CHOICES = ['true', 'false'] as const;

/** `parallel_tool_calls`: whether the model may call several functions in one reply (tools dialect). */
export function ParallelCallsControl() {
  const id = useOpenConversationId();
  const { sessions } = useChatStores();
  const value = useOpenSession((s) => s.options.parameters.parallel_tool_calls);
  if (id === null) return null;
  return (
    <EnumParameter
      name="parallel_tool_calls"
      value={value === undefined ? undefined : value ? 'true' : 'false'}
      options={CHOICES}
      serverDefault="true"
      hint="Several calls in one reply. Sent only to servers spoken to in the tools dialect."
      onChange={(next) =>
        setConversationParameter(
          sessions,
          id,
          'parallel_tool_calls',
          next === undefined ? undefined : next === 'true',
        )
      }
    />
  );
}
