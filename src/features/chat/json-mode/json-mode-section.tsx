import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import type { ResponseFormat } from '../../../protocol/wire';
import { JsonTextArea } from '../../../components/ui/json-text-area';
import { useChatStores } from '../use-chat-stores';
import { setConversationParameter, useChatSession, useChatSessionActions } from '../session';
import { mentionsJson, withJsonInstruction } from './mentions-json';
import { formatKind, schemaFormat, type SchemaFormatFields } from './reply-format';
import { SchemaFormatFieldsView } from './schema-format-fields';

const KINDS = [
  { value: 'text', label: 'text (not sent)' },
  { value: 'json_object', label: 'json_object (JSON mode)' },
  { value: 'json_schema', label: 'json_schema (structured outputs)' },
];

/**
 * The reply format: JSON mode (`json_object`) with the warning when no message asks for JSON and a
 * one-click fix, or structured outputs (`json_schema`: name, strict, and the schema below, which is
 * also what replies are checked against). The schema box is there in every mode, as a check only.
 */
export function JsonModeSection({ conversationId: id }: { conversationId: string }) {
  // Only what this section shows, so a streaming reply does not re-render it every frame.
  const systemPrompt = useChatSession(id, (s) => s.options.systemPrompt);
  const mentioned = useChatSession(id, (s) => mentionsJson(s.options.systemPrompt, s.messages));
  const format = useChatSession(id, (s) => s.options.parameters.response_format);
  const { sessions } = useChatStores();
  const { setOptions } = useChatSessionActions();
  // The conversation's own schema text: another conversation's is never shown or checked against.
  const schema = useChatSession(id, (s) => s.options.replySchema);
  const setSchema = (text: string) => setOptions(id, { replySchema: text });
  const kind = formatKind(format);
  const fields: SchemaFormatFields = {
    name: format?.json_schema?.name ?? 'reply',
    strict: format?.json_schema?.strict !== false,
    text: schema,
  };
  const built = kind === 'json_schema' ? schemaFormat(fields) : null;
  const setFormat = (next: ResponseFormat | undefined) =>
    setConversationParameter(sessions, id, 'response_format', next);
  // A schema that cannot be sent (it does not parse, or the name is refused) goes as the format's
  // name and strict only, and the sessions store holds Send back with the reason until it is fixed.
  const applySchema = (next: SchemaFormatFields) => {
    const result = schemaFormat(next);
    setFormat(
      'format' in result
        ? result.format
        : { type: 'json_schema', json_schema: { name: next.name, strict: next.strict } },
    );
  };

  return (
    <div className="flex flex-col gap-2 text-xs" data-param="response_format">
      <SelectField
        label={<code>response_format</code>}
        value={kind}
        options={KINDS}
        onChange={(next) => {
          if (next === 'json_schema') applySchema(fields);
          else setFormat(next === 'json_object' ? { type: 'json_object' } : undefined);
        }}
      />
      {kind === 'json_object' && !mentioned ? (
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
      {kind === 'json_schema' ? <SchemaFormatFieldsView fields={fields} onChange={applySchema} /> : null}
      <JsonTextArea
        label={
          kind === 'json_schema'
            ? 'JSON Schema the reply must follow (sent, and checked)'
            : 'Check replies against a JSON schema (optional)'
        }
        value={schema}
        rows={10}
        placeholder='{"type": "object", "required": ["answer"]}'
        onChange={(text) => {
          setSchema(text);
          if (kind === 'json_schema') applySchema({ ...fields, text });
        }}
      />
      {built && 'problem' in built ? (
        <p role="alert" className="text-amber-800 dark:text-amber-300">
          {built.problem}
        </p>
      ) : null}
    </div>
  );
}
