import { useState } from 'react';
import { Field, INPUT_CLASS } from '../../components/ui/field';
import { useSettingsStore } from '../../stores';

/** How long a request may wait for its answer; empty keeps the client's 60 seconds. */
export function TimeoutField() {
  const stored = useSettingsStore((s) => s.timeoutSeconds);
  const setTimeoutSeconds = useSettingsStore((s) => s.setTimeoutSeconds);
  const [text, setText] = useState(stored === null ? '' : String(stored));
  const [error, setError] = useState<string | null>(null);

  const change = (next: string) => {
    setText(next);
    const trimmed = next.trim();
    if (trimmed === '') {
      setError(null);
      setTimeoutSeconds(null);
      return;
    }
    const value = Number(trimmed);
    if (!Number.isInteger(value) || value < 1 || value > 3600) {
      setError('Enter a whole number of seconds from 1 to 3600.');
      return;
    }
    setError(null);
    setTimeoutSeconds(value);
  };

  return (
    <Field
      label="Time-out (seconds)"
      hint="How long to wait for an answer (for a stream, for its first byte). Empty: 60."
      error={error}
    >
      {(control) => (
        <input
          {...control}
          className={`${INPUT_CLASS} tabular-nums`}
          inputMode="numeric"
          value={text}
          placeholder="60"
          onChange={(e) => change(e.target.value)}
        />
      )}
    </Field>
  );
}
