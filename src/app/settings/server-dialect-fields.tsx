import { CheckboxField } from '../../components/ui/checkbox-field';
import { SelectField } from '../../components/ui/select-field';
import type { FunctionDialectChoice } from '../../lib/connection';

const DIALECTS: readonly { value: FunctionDialectChoice; label: string }[] = [
  { value: 'auto', label: 'Auto: legacy for the local service, tools for any other server' },
  { value: 'legacy', label: 'Legacy: functions / function_call (the spec’s service)' },
  { value: 'tools', label: 'Tools: tools / tool_calls (OpenAI, vLLM, llama.cpp, Ollama)' },
];

export interface ServerDialectValues {
  functionDialect: FunctionDialectChoice;
  thinkTags: boolean;
}

/** How this server spells function calls, and whether it puts reasoning in `<think>` tags. */
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
