import { useId, useState } from 'react';
import { Button, RemoveButton } from '../../../components/ui/button';
import { INPUT_CLASS } from '../../../components/ui/field';
import { MAX_LOGIT_BIAS_TOKENS, PARAMETER_RANGES } from '../../../protocol/parameters';
import { isTokenId } from '../../../protocol/request-rules/logit-bias';

const { min: MIN_BIAS, max: MAX_BIAS } = PARAMETER_RANGES.logit_bias;

export type LogitBias = Record<string, number>;

/** Why a token id / bias pair is refused, or null when it is valid. */
export function refuseBiasEntry(tokenText: string, biasText: string, existing: LogitBias): string | null {
  if (!isTokenId(tokenText.trim()))
    return 'The token id must be a whole number from 0 to 9999999 (at most 7 digits).';
  const bias = Number(biasText.trim());
  if (biasText.trim() === '' || !Number.isFinite(bias))
    return `The bias must be a number from ${MIN_BIAS} to ${MAX_BIAS}.`;
  if (bias < MIN_BIAS || bias > MAX_BIAS)
    return `The bias must be from ${MIN_BIAS} to ${MAX_BIAS}; ${bias} is out of range.`;
  if (Object.hasOwn(existing, String(Number(tokenText.trim()))))
    return `Token ${Number(tokenText.trim())} already has a bias; remove it first.`;
  if (Object.keys(existing).length >= MAX_LOGIT_BIAS_TOKENS)
    return `At most ${MAX_LOGIT_BIAS_TOKENS} tokens can be biased; remove one first.`;
  return null;
}

/** `logit_bias`: token id → bias rows, each validated; no rows = not sent. */
export function LogitBiasEditor({
  value,
  onChange,
}: {
  value: LogitBias | undefined;
  onChange: (v: LogitBias | undefined) => void;
}) {
  const id = useId();
  const [token, setToken] = useState('');
  const [bias, setBias] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const entries = Object.entries(value ?? {});

  const add = () => {
    const reason = refuseBiasEntry(token, bias, value ?? {});
    setRefusal(reason);
    if (reason) return;
    onChange({ ...(value ?? {}), [String(Number(token.trim()))]: Number(bias.trim()) });
    setToken('');
    setBias('');
  };
  const remove = (key: string) => {
    const next = Object.fromEntries(entries.filter(([k]) => k !== key));
    onChange(Object.keys(next).length > 0 ? next : undefined);
  };
  const onEnter = (e: React.KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      add();
    }
  };

  return (
    <fieldset className="flex flex-col gap-1" aria-describedby={`${id}-hint`}>
      <legend className="flex w-full justify-between text-xs font-medium text-zinc-700 dark:text-zinc-300">
        <span className="font-mono">logit_bias</span>
        {entries.length === 0 ? (
          <span className="font-normal text-zinc-500">server default (none)</span>
        ) : null}
      </legend>
      {entries.length > 0 ? (
        <ul aria-label="Logit bias entries" className="flex flex-col gap-0.5 font-mono text-xs">
          {entries.map(([key, v]) => (
            <li key={key} className="flex items-center justify-between">
              <span>
                token {key} → {v}
              </span>
              <RemoveButton label={`Remove the bias of token ${key}`} onRemove={() => remove(key)} />
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex gap-1">
        {(
          [
            ['Token id', 'numeric', 'token id', token, setToken],
            ['Bias', 'decimal', `${MIN_BIAS}..${MAX_BIAS}`, bias, setBias],
          ] as const
        ).map(([label, inputMode, placeholder, text, setText]) => (
          <input
            key={label}
            aria-label={label}
            inputMode={inputMode}
            className={`${INPUT_CLASS} font-mono`}
            placeholder={placeholder}
            value={text}
            aria-invalid={refusal ? true : undefined}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={onEnter}
          />
        ))}
        <Button size="sm" onClick={add}>
          Add
        </Button>
      </div>
      {refusal ? (
        <p role="alert" className="text-xs text-red-700 dark:text-red-400">
          {refusal}
        </p>
      ) : null}
      <p id={`${id}-hint`} className="text-xs text-zinc-500 dark:text-zinc-400">
        {MIN_BIAS} bans a token, {MAX_BIAS} forces it. None = not sent.
      </p>
    </fieldset>
  );
}
