import { useId, useState } from 'react';
import { Button, RemoveButton } from '../ui/button';
import { INPUT_CLASS } from '../ui/field';
import {
  displaySequence,
  refuseSequence,
  stopList,
  unescapeSequence,
  type StopValue,
} from './stop-sequences';

export interface StopSequencesEditorProps {
  /** The stored `stop`; absent (or an empty list) means unset and not sent. */
  value: StopValue;
  /** Called with the new list, or undefined once the last sequence is removed. */
  onChange: (value: string[] | undefined) => void;
  /** The most sequences allowed, when the server has a limit. */
  max?: number;
  className?: string;
}

/**
 * Edits the `stop` sequences: type one (with `\n`, `\t` escapes) and press Enter or Add; each shows
 * as a removable chip with its invisible characters spelled out. No sequences = not sent.
 */
export function StopSequencesEditor({ value, onChange, max, className = '' }: StopSequencesEditorProps) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const sequences = stopList(value);

  function add() {
    const sequence = unescapeSequence(draft);
    const reason = refuseSequence(sequence, sequences, max);
    setRefusal(reason);
    if (reason) return;
    onChange([...sequences, sequence]);
    setDraft('');
  }

  function remove(index: number) {
    const next = sequences.filter((_, i) => i !== index);
    onChange(next.length > 0 ? next : undefined);
    setRefusal(null);
  }

  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label
        htmlFor={id}
        className="flex justify-between gap-2 text-xs font-medium text-zinc-700 dark:text-zinc-300"
      >
        <span className="font-mono">stop</span>
        {sequences.length === 0 ? (
          <span className="font-normal text-zinc-500 dark:text-zinc-400">server default (none)</span>
        ) : null}
      </label>
      {sequences.length > 0 ? (
        <ul aria-label="Stop sequences" className="flex flex-wrap gap-1">
          {sequences.map((sequence, index) => (
            <li
              key={sequence}
              className="inline-flex items-center gap-1 rounded border border-zinc-300 bg-zinc-100 pl-1.5 font-mono text-xs dark:border-zinc-600 dark:bg-zinc-800"
            >
              <span>{displaySequence(sequence)}</span>
              <RemoveButton
                className="px-1"
                label={`Remove stop sequence ${displaySequence(sequence)}`}
                onRemove={() => remove(index)}
              />
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex gap-1">
        <input
          id={id}
          type="text"
          autoComplete="off"
          spellCheck={false}
          className={`${INPUT_CLASS} font-mono`}
          placeholder="e.g. \n\n or ###"
          value={draft}
          aria-invalid={refusal ? true : undefined}
          aria-describedby={`${id}-hint${refusal ? ` ${id}-error` : ''}`}
          onChange={(e) => {
            setDraft(e.target.value);
            setRefusal(null);
          }}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            add();
          }}
        />
        <Button size="sm" onClick={add}>
          Add
        </Button>
      </div>
      {refusal ? (
        <p id={`${id}-error`} className="text-xs text-red-700 dark:text-red-400">
          {refusal}
        </p>
      ) : null}
      <p id={`${id}-hint`} className="text-xs text-zinc-500 dark:text-zinc-400">
        Enter adds; \n, \t, \r and \\ are escapes. None = not sent.
      </p>
    </div>
  );
}
