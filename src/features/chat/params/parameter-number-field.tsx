import { useState } from 'react';
import type { NumberRule } from '../../../components/params';
import { Button } from '../../../components/ui/button';
import { Field, INPUT_CLASS } from '../../../components/ui/field';
import type { InvalidParameter } from '../session';
import { checkParameterText } from './parameter-check';

/** One numeric parameter as data: its wire name, rule, arrow-key step and what empty means. */
export interface NumberFieldSpec<K extends string = string> extends NumberRule {
  name: K;
  step?: number;
  /** The server's default as the spec states it, shown while unset (e.g. "1"). */
  serverDefault?: string;
  hint?: string;
}

export interface ParameterNumberFieldProps extends NumberFieldSpec {
  /** The stored value; undefined means unset, so the request leaves it out. */
  value: number | undefined;
  /** What the field showed when it was last edited, if that was no value a request may carry. */
  invalid: InvalidParameter | undefined;
  /** A valid edit: the number to send, or undefined to unset. */
  onValue: (value: number | undefined) => void;
  /** An edit no request may carry; the stored value stays as it was, and sending waits for a fix. */
  onInvalid: (invalid: InvalidParameter) => void;
}

const textOf = (value: number | undefined) => (value === undefined ? '' : String(value));

/**
 * A conversation's numeric parameter. What is typed stays as typed; when it is no value a request
 * may carry, the field says why and the conversation records it (so nothing is sent meanwhile),
 * instead of the field quietly sending the last valid value.
 */
export function ParameterNumberField(props: ParameterNumberFieldProps) {
  const { name, value, invalid, onValue, onInvalid, serverDefault, step, hint } = props;
  const rule: NumberRule = { min: props.min, max: props.max, integer: props.integer ?? false };
  const stored = invalid?.text ?? textOf(value);
  const [text, setText] = useState(stored);
  const [shown, setShown] = useState(stored);
  // The conversation can change elsewhere (reset, a loaded request): follow it unless this edit did.
  if (shown !== stored) {
    setShown(stored);
    setText(stored);
  }
  const check = checkParameterText(text, rule);
  const unset = text.trim() === '';
  const defaultWords = serverDefault ? `server default (${serverDefault})` : 'server default';

  function update(next: string) {
    setText(next);
    const result = checkParameterText(next, rule);
    if (result.ok) {
      setShown(textOf(result.value));
      if (result.value !== value || invalid) onValue(result.value);
    } else {
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
