import { useMemo } from 'react';
import { Button, RemoveButton } from '../../components/ui/button';
import { INPUT_CLASS } from '../../components/ui/field';
import { SelectField } from '../../components/ui/select-field';
import { CHECK_KINDS, CHECK_TYPES } from '../../lib/experiments/checks/registry';
import { readCheckDrafts, type CheckDraft } from '../../lib/experiments/page-draft';

/** What the value box asks for, by type, where the type's own summary is not enough. */
const PLACEHOLDER: Record<string, string> = {
  equals: 'the whole reply',
  contains: 'text, or {{variable}}',
  icontains: 'text, or {{variable}}',
  'contains-any': 'a,b,c',
  'contains-all': 'a,b,c',
  'icontains-any': 'a,b,c',
  'icontains-all': 'a,b,c',
  'starts-with': 'text',
  regex: '^\\d+$',
  'word-count': '10..50',
  length: '..200',
  'is-json': 'a JSON Schema, or empty',
  'finish-reason': 'stop',
  latency: '2000',
  ttft: '500',
  tokens: '..300',
  'llm-rubric': 'the rubric: what a good reply does',
};

/** One labelled text box of a check. */
function CheckField({
  label,
  width,
  value,
  placeholder,
  title,
  decimal = false,
  onChange,
}: {
  label: string;
  /** The label's width classes. */
  width: string;
  value: string;
  placeholder: string;
  title?: string | undefined;
  decimal?: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <label className={`flex ${width} flex-col text-xs`}>
      {label}
      <input
        className={`${INPUT_CLASS} text-xs`}
        value={value}
        placeholder={placeholder}
        {...(title !== undefined ? { title } : {})}
        {...(decimal ? { inputMode: 'decimal' as const } : {})}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}

/**
 * The checks every cell is graded with (a row's own come from its file's `__expected` columns): a
 * type from the shared registry, `not-` to negate it, a value, a weight and a metric to total under.
 */
export function ChecksEditor({
  checks,
  onChange,
  newId,
}: {
  checks: readonly CheckDraft[];
  onChange: (checks: CheckDraft[]) => void;
  newId: () => string;
}) {
  const problems = useMemo(() => readCheckDrafts(checks).problems, [checks]);
  const set = (index: number, change: Partial<CheckDraft>) =>
    onChange(checks.map((c, i) => (i === index ? { ...c, ...change } : c)));
  return (
    <section aria-label="Checks" className="flex flex-col gap-2">
      <h2 className="text-sm font-medium">Checks</h2>
      {checks.length === 0 ? (
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          No checks: cells pass when they get a reply. Add one to grade the replies.
        </p>
      ) : null}
      <ol className="flex flex-col gap-1.5">
        {checks.map((check, index) => {
          const name = `Check ${index + 1}`;
          const kind = CHECK_KINDS.get(check.type);
          // A box's value and where its edits go, named once.
          const bind = (field: 'value' | 'weight' | 'metric') => ({
            value: check[field],
            onChange: (text: string) => set(index, { [field]: text }),
          });
          return (
            <li
              key={check.id}
              aria-label={name}
              className="flex flex-wrap items-end gap-2 rounded border border-zinc-200 p-1.5 dark:border-zinc-800"
            >
              <SelectField
                label="Type"
                labelClassName="text-xs"
                selectClassName="text-xs"
                value={check.type}
                options={CHECK_TYPES}
                onChange={(type) => set(index, { type })}
              />
              <label className="flex items-center gap-1 pb-1 text-xs">
                <input
                  type="checkbox"
                  checked={check.negate}
                  onChange={(e) => set(index, { negate: e.target.checked })}
                />
                Negate (not-)
              </label>
              <CheckField
                label="Value"
                width="min-w-40 flex-1"
                placeholder={PLACEHOLDER[check.type] ?? ''}
                title={kind?.summary}
                {...bind('value')}
              />
              <CheckField label="Weight" width="w-16" placeholder="1" decimal {...bind('weight')} />
              <CheckField label="Metric" width="w-28" placeholder="accuracy" {...bind('metric')} />
              <RemoveButton
                label={`Remove ${name.toLowerCase()}`}
                onRemove={() => onChange(checks.filter((_, i) => i !== index))}
              />
              {kind ? (
                <p className="basis-full text-xs text-zinc-600 dark:text-zinc-400">{kind.summary}</p>
              ) : null}
            </li>
          );
        })}
      </ol>
      <Button
        size="sm"
        className="self-start"
        onClick={() =>
          onChange([
            ...checks,
            { id: newId(), type: 'contains', negate: false, value: '', weight: '', metric: '' },
          ])
        }
      >
        Add check
      </Button>
      {problems.length > 0 ? (
        <ul role="alert" className="list-disc pl-5 text-xs text-red-700 dark:text-red-400">
          {problems.map((p, i) => (
            <li key={i}>{p}</li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
