import { useState } from 'react';
import { Button } from '../ui/button';
import { Field, INPUT_CLASS } from '../ui/field';
import { checkNumber, type NumberRule } from './number-validation';

/** What a field showed when it was last edited, when that was no value a request may carry. */
export interface InvalidNumber {
  text: string;
  reason: string;
}

export interface NumberParameterProps extends NumberRule {
  /** The wire name, shown as the label (e.g. `max_tokens`). */
  name: string;
  /** The stored value; undefined means unset, so the request leaves it out. */
  value: number | undefined;
  /** Called with a valid number, or undefined to unset; never with a refused value. */
  onChange: (value: number | undefined) => void;
  /**
   * Told of an edit no request may carry (the stored value stays as it was), so the page can hold
   * sending until it is fixed; with `invalid`, the field shows that edit again after a remount.
   */
  onInvalid?: (invalid: InvalidNumber) => void;
  invalid?: InvalidNumber | undefined;
  /** The server's default as the spec states it, shown while unset (e.g. "150"). */
  serverDefault?: string;
  step?: number;
  hint?: string | undefined;
  className?: string;
}

const textOf = (value: number | undefined) => (value === undefined ? '' : String(value));

/**
 * A numeric request parameter with range checking and an explicit "server default" state: an empty
 * field is unset and not sent; a refused value keeps what was typed, says why, and leaves the
 * stored value untouched (and is reported, where the page holds sending for it).
 */
export function NumberParameter(props: NumberParameterProps) {
  const { name, value, onChange, onInvalid, invalid, serverDefault, step, hint, className = '' } = props;
  const rule: NumberRule = { min: props.min, max: props.max, integer: props.integer ?? false };
  const stored = invalid?.text ?? textOf(value);
  const [text, setText] = useState(stored);
  const [shown, setShown] = useState(stored);
  // The store can change the value elsewhere (reset, another tab, a loaded request): follow it
  // unless this field's own edit did.
  if (shown !== stored) {
    setShown(stored);
    setText(stored);
  }
  const check = checkNumber(text, rule);
  const unset = text.trim() === '';
  const defaultWords = serverDefault ? `server default (${serverDefault})` : 'server default';

  function update(next: string) {
    setText(next);
    const result = checkNumber(next, rule);
    if (result.ok) {
      setShown(textOf(result.value));
      if (result.value !== value || invalid) onChange(result.value);
    } else if (onInvalid) {
      setShown(next);
      onInvalid({ text: next, reason: result.reason });
    }
  }

  function stepBy(direction: 1 | -1) {
    // From empty or a refused value, step from 0 (or the nearest allowed), not from a far end like seed's.
    const start = Math.min(rule.max, Math.max(rule.min, 0));
    const base = check.ok && check.value !== undefined ? check.value : start;
    const delta = (step ?? (rule.integer ? 1 : 0.1)) * direction;
    // Stepping stays inside the range; a typed value is never moved into it.
    const next = Math.min(rule.max, Math.max(rule.min, Math.round((base + delta) * 1000) / 1000));
    update(String(next));
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
      hint={hint ?? `${rule.min} to ${rule.max}${rule.integer ? ', whole' : ''}; empty = not sent`}
      error={check.ok ? null : check.reason}
    >
      {(control) => (
        <div className="flex gap-1">
          <input
            {...control}
            type="text"
            inputMode={rule.integer ? 'numeric' : 'decimal'}
            autoComplete="off"
            spellCheck={false}
            className={`${INPUT_CLASS} font-mono`}
            value={text}
            placeholder={defaultWords}
            onChange={(e) => update(e.target.value)}
            onKeyDown={(e) => {
              if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return;
              e.preventDefault();
              stepBy(e.key === 'ArrowUp' ? 1 : -1);
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
