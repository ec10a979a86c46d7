import { Button } from '../../../components/ui/button';
import { JsonTextArea } from '../../../components/ui/json-text-area';
import { useChatStores } from '../use-chat-stores';
import { setConversationParameter, useChatSession, useChatSessionActions } from '../session';
import { mentionsJson, withJsonInstruction } from './mentions-json';
import { useReplySchema } from './use-reply-schema';

/**
 * The JSON mode switch (`response_format: {type: "json_object"}`), the warning when no message asks
 * for JSON with a one-click fix, and an optional schema to check replies against.
 */
export function JsonModeSection({ conversationId: id }: { conversationId: string }) {
  // Only what this section shows, so a streaming reply does not re-render it every frame.
  const systemPrompt = useChatSession(id, (s) => s.options.systemPrompt);
  const mentioned = useChatSession(id, (s) => mentionsJson(s.options.systemPrompt, s.messages));
  const format = useChatSession(id, (s) => s.options.parameters.response_format);
  const { sessions } = useChatStores();
  const { setOptions } = useChatSessionActions();
  const schema = useReplySchema((state) => state.text);
  const setSchema = useReplySchema((state) => state.setText);
  const on = format?.type === 'json_object';
  return (
    <div className="flex flex-col gap-2 text-xs">
      <label className="flex items-center gap-1">
        <input
          type="checkbox"
          checked={on}
          onChange={(e) =>
            setConversationParameter(
              sessions,
              id,
              'response_format',
              e.target.checked ? { type: 'json_object' } : undefined,
            )
          }
        />
        JSON mode (<code>response_format: {'{"type": "json_object"}'}</code>)
      </label>
      {on && !mentioned ? (
        <div
          role="alert"
          className="rounded border border-amber-300 bg-amber-50 p-2 dark:border-amber-800 dark:bg-amber-950/40"
        >
          <p>
            No message mentions JSON. The spec says the system or user message should instruct JSON output.
          </p>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => setOptions(id, { systemPrompt: withJsonInstruction(systemPrompt) })}
          >
            Add a JSON instruction to the system prompt
          </Button>
        </div>
      ) : null}
      <JsonTextArea
        label="Check replies against a JSON schema (optional)"
        value={schema}
        placeholder='{"type": "object", "required": ["answer"]}'
        onChange={setSchema}
      />
    </div>
  );
}
