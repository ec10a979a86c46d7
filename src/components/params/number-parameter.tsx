import { useState } from 'react';
import { Button } from '../ui/button';
import { Field, INPUT_CLASS } from '../ui/field';
import { checkNumber, type NumberRule } from './number-validation';

export interface NumberParameterProps extends NumberRule {
  /** The wire name, shown as the label (e.g. `max_tokens`). */
  name: string;
  /** The stored value; undefined means unset, so the request leaves it out. */
  value: number | undefined;
  /** Called with a valid number, or undefined to unset; never with a refused value. */
  onChange: (value: number | undefined) => void;
  /** The server's default as the spec states it, shown while unset (e.g. "150"). */
  serverDefault?: string;
  step?: number;
  hint?: string | undefined;
  className?: string;
}

function textOf(value: number | undefined): string {
  return value === undefined ? '' : String(value);
}

/**
 * A numeric request parameter with range checking and an explicit "server default" state: an empty
 * field is unset and not sent; a refused value keeps what was typed, says why, and leaves the
 * stored value untouched.
 */
export function NumberParameter({
  name,
  value,
  onChange,
  min,
  max,
  integer = false,
  serverDefault,
  step,
  hint,
  className = '',
}: NumberParameterProps) {
  const [text, setText] = useState(() => textOf(value));
  const [shown, setShown] = useState(value);
  // The store can change the value elsewhere (reset, another tab): follow it unless mid-edit.
  if (shown !== value) {
    setShown(value);
    setText(textOf(value));
  }
  const check = checkNumber(text, { min, max, integer });
  const unset = text.trim() === '';
  const defaultWords = serverDefault ? `server default (${serverDefault})` : 'server default';

  function update(next: string) {
    setText(next);
    const result = checkNumber(next, { min, max, integer });
    if (result.ok && result.value !== value) {
      setShown(result.value);
      onChange(result.value);
    }
  }

  return (
    <Field
      className={className}
      label={
        <span className="flex items-center justify-between gap-2">
          <span className="font-mono">{name}</span>
          {unset ? (
            <span className="font-normal text-zinc-500 dark:text-zinc-400">{defaultWords}</span>
          ) : null}
        </span>
      }
      hint={hint ?? `${min} to ${max}${integer ? ', whole' : ''}; empty = not sent`}
      error={check.ok ? null : check.reason}
    >
      {(control) => (
        <div className="flex gap-1">
          <input
            {...control}
            type="text"
            inputMode={integer ? 'numeric' : 'decimal'}
            autoComplete="off"
            spellCheck={false}
            className={`${INPUT_CLASS} font-mono`}
            value={text}
            placeholder={defaultWords}
            onChange={(e) => update(e.target.value)}
            onKeyDown={(e) => {
              if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return;
              e.preventDefault();
              const base = check.ok && check.value !== undefined ? check.value : min;
              const delta = (step ?? (integer ? 1 : 0.1)) * (e.key === 'ArrowUp' ? 1 : -1);
              const next = Math.min(max, Math.max(min, Math.round((base + delta) * 1000) / 1000));
              update(String(next));
            }}
          />
          <Button
            size="sm"
            variant="ghost"
            disabled={unset}
            aria-label={`Unset ${name} (use the server default)`}
            title="Use the server default"
            onClick={() => update('')}
          >
            ×
          </Button>
        </div>
      )}
    </Field>
  );
}
