import { useState } from 'react';
import { Field, INPUT_CLASS } from '../../components/ui/field';
import { useSettingsStore, type ChatDefaults } from '../../stores';
import { SettingsSection } from './section';
import { TimeoutField } from './timeout-field';

interface DefaultSpec {
  name: keyof ChatDefaults;
  label: string;
  hint: string;
  /** The value, or the reason it is refused. */
  parse: (text: string) => number | string;
}

const SPECS: DefaultSpec[] = [
  {
    name: 'temperature',
    label: 'Default temperature',
    hint: 'Empty: not sent, the server decides (the spec says 1.0 in one place and 0.7 in another).',
    parse: (text) => {
      const value = Number(text);
      return Number.isFinite(value) && value >= 0 && value <= 2 ? value : 'Enter a number from 0 to 2.';
    },
  },
  {
    name: 'max_tokens',
    label: 'Default max_tokens',
    hint: 'Empty: not sent, the server decides (the spec says 4096, 1024, or no default).',
    parse: (text) => {
      const value = Number(text);
      return Number.isInteger(value) && value >= 1 ? value : 'Enter a whole number of 1 or more.';
    },
  },
];

/**
 * Request settings: the chat defaults the spec states inconsistently, so the user decides (empty
 * means "not sent"), and the client's time-out.
 */
export function DefaultsSection() {
  return (
    <SettingsSection title="Requests">
      <div className="grid gap-3 sm:grid-cols-2">
        {SPECS.map((spec) => (
          <DefaultField key={spec.name} spec={spec} />
        ))}
        <TimeoutField />
      </div>
    </SettingsSection>
  );
}

function DefaultField({ spec }: { spec: DefaultSpec }) {
  const stored = useSettingsStore((s) => s.defaults[spec.name]);
  const setDefault = useSettingsStore((s) => s.setDefault);
  const [text, setText] = useState(stored === undefined ? '' : String(stored));
  const [error, setError] = useState<string | null>(null);

  const change = (next: string) => {
    setText(next);
    if (next.trim() === '') {
      setError(null);
      setDefault(spec.name, undefined);
      return;
    }
    const parsed = spec.parse(next.trim());
    if (typeof parsed === 'string') {
      setError(parsed);
      return;
    }
    setError(null);
    setDefault(spec.name, parsed);
  };

  return (
    <Field label={spec.label} hint={spec.hint} error={error}>
      {(control) => (
        <input
          {...control}
          className={`${INPUT_CLASS} tabular-nums`}
          inputMode="decimal"
          value={text}
          placeholder="server default"
          onChange={(e) => change(e.target.value)}
        />
      )}
    </Field>
  );
}
