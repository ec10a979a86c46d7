import { CheckboxField } from '../../components/ui/checkbox-field';
import { SelectField } from '../../components/ui/select-field';
import type { ChatImagesChoice, FunctionDialectChoice } from '../../lib/connection';

const DIALECTS: readonly { value: FunctionDialectChoice; label: string }[] = [
  { value: 'auto', label: 'Auto: legacy for the local service, tools for any other server' },
  { value: 'legacy', label: 'Legacy: functions / function_call (the spec’s service)' },
  { value: 'tools', label: 'Tools: tools / tool_calls (OpenAI, vLLM, llama.cpp, Ollama)' },
];

const CHAT_IMAGES: readonly { value: ChatImagesChoice; label: string }[] = [
  { value: 'auto', label: 'Auto: to any model but the spec’s svc-* models, which read text in chat' },
  { value: 'on', label: 'On: this server’s chat models read images' },
  { value: 'off', label: 'Off: this server’s chat models read text only' },
];

export interface ServerDialectValues {
  functionDialect: FunctionDialectChoice;
  chatImages: ChatImagesChoice;
  thinkTags: boolean;
}

/** How this server spells function calls, whether its chat models read images, and whether it puts reasoning in `<think>` tags. */
export function ServerDialectFields({
  values,
  onChange,
}: {
  values: ServerDialectValues;
  onChange: (next: ServerDialectValues) => void;
}) {
  return (
    <div className="flex flex-col gap-2">
      <SelectField
        label="Function calling"
        value={values.functionDialect}
        options={DIALECTS}
        onChange={(next) => onChange({ ...values, functionDialect: next as FunctionDialectChoice })}
      />
      <SelectField
        label="Images in chat messages"
        value={values.chatImages}
        options={CHAT_IMAGES}
        onChange={(next) => onChange({ ...values, chatImages: next as ChatImagesChoice })}
      />
      <CheckboxField
        label={
          <>
            Replies put reasoning in <code>&lt;think&gt;…&lt;/think&gt;</code> (shown apart, never sent back)
          </>
        }
        checked={values.thinkTags}
        onChange={(thinkTags) => onChange({ ...values, thinkTags })}
      />
    </div>
  );
}
