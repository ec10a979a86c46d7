import { useId, useState } from 'react';
import { INPUT_CLASS } from '../../components/ui/field';
import { MAX_REPEATS } from '../../lib/experiments/experiment';
import { MAX_PAGE_CONCURRENCY, type PageDraft } from '../../lib/experiments/page-draft';
import { SelectField } from '../../components/ui/select-field';

/** The whole number from `min` to `max` that `text` says, or null. */
function readWhole(text: string, min: number, max: number): number | null {
  const n = Number(text);
  return text.trim() !== '' && Number.isInteger(n) && n >= min && n <= max ? n : null;
}

/** A whole number typed in a box, kept as typed until it reads, with what is wrong said beside it. */
function IntegerField({
  label,
  value,
  min,
  max,
  hint,
  onChange,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  hint: string;
  onChange: (value: number) => void;
}) {
  const [text, setText] = useState(String(value));
  const [shownFor, setShownFor] = useState(value);
  if (shownFor !== value) {
    setShownFor(value);
    setText(String(value));
  }
  const error = readWhole(text, min, max) === null ? `A whole number from ${min} to ${max}.` : null;
  const id = useId();
  return (
    <div className="flex flex-col gap-0.5 text-xs">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className={`${INPUT_CLASS} text-xs`}
        inputMode="numeric"
        value={text}
        aria-invalid={error !== null}
        aria-describedby={`${id}-hint`}
        onChange={(e) => {
          setText(e.target.value);
          const next = readWhole(e.target.value, min, max);
          if (next !== null) onChange(next);
        }}
      />
      <span
        id={`${id}-hint`}
        className={error ? 'text-red-700 dark:text-red-400' : 'text-zinc-600 dark:text-zinc-400'}
      >
        {error ?? hint}
      </span>
    </div>
  );
}

/** The run's counts, each a whole number from 1 to its limit. */
const COUNTS = [
  {
    field: 'repeats',
    label: 'Repeats',
    max: MAX_REPEATS,
    hint: 'Each row × variant is sent this many times, to show flaky cases (pass^k).',
  },
  {
    field: 'concurrency',
    label: 'Requests at once',
    max: MAX_PAGE_CONCURRENCY,
    hint: 'At most; each connection’s rate limit may allow fewer.',
  },
] as const;

/** The Parameters tab: the run's name, repeats, requests at once, and the judge's connection and model. */
export function RunSettings({
  draft,
  connections,
  onChange,
}: {
  draft: PageDraft;
  connections: readonly { id: string; name: string }[];
  onChange: (change: Partial<PageDraft>) => void;
}) {
  return (
    <div className="flex flex-col gap-3">
      <label className="flex flex-col gap-0.5 text-xs">
        Name
        <input
          className={`${INPUT_CLASS} text-xs`}
          value={draft.name}
          onChange={(e) => onChange({ name: e.target.value })}
        />
      </label>
      {COUNTS.map(({ field, label, max, hint }) => (
        <IntegerField
          key={field}
          label={label}
          value={draft[field]}
          min={1}
          max={max}
          hint={hint}
          onChange={(n) => onChange({ [field]: n })}
        />
      ))}
      <div className="flex flex-col gap-0.5 text-xs">
        <SelectField
          label="Judge connection (llm-rubric checks)"
          labelClassName=""
          selectClassName="text-xs"
          value={draft.judgeConnectionId ?? ''}
          options={[
            { value: '', label: 'The first variant’s' },
            ...connections.map((c) => ({ value: c.id, label: c.name })),
          ]}
          onChange={(judgeConnectionId) => onChange({ judgeConnectionId })}
        />
        <label className="flex flex-col gap-0.5">
          Judge model (llm-rubric checks)
          <input
            className={`${INPUT_CLASS} text-xs`}
            value={draft.judgeModel}
            onChange={(e) => onChange({ judgeModel: e.target.value })}
          />
        </label>
        <span className="text-zinc-600 dark:text-zinc-400">
          Each judge request shows in the Wire tab, with the cell it grades.
        </span>
      </div>
    </div>
  );
}
