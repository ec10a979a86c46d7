import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { INPUT_CLASS } from '../../../components/ui/field';
import type { FormFunction, FormProperty } from './simple-schema';

export interface DefinitionsFormProps {
  functions: FormFunction[];
  onChange: (functions: FormFunction[]) => void;
}

const TYPES: FormProperty['type'][] = ['string', 'number', 'integer', 'boolean'];
const SMALL = `${INPUT_CLASS} px-1 py-0.5 text-xs`;

function PropertyRow(props: {
  fn: number;
  property: FormProperty;
  onChange: (p: FormProperty | null) => void;
}) {
  const { property: p, onChange } = props;
  const label = (what: string) => `${what} of property ${p.name || '(unnamed)'} in function ${props.fn + 1}`;
  return (
    <li className="grid grid-cols-[1fr_5rem] gap-1 border-t border-zinc-200 pt-1 dark:border-zinc-800">
      <input
        aria-label={label('Name')}
        className={SMALL}
        value={p.name}
        onChange={(e) => onChange({ ...p, name: e.target.value })}
      />
      <select
        aria-label={label('Type')}
        className={SMALL}
        value={p.type}
        onChange={(e) => onChange({ ...p, type: e.target.value as FormProperty['type'] })}
      >
        {TYPES.map((t) => (
          <option key={t}>{t}</option>
        ))}
      </select>
      <input
        aria-label={label('Description')}
        placeholder="description"
        className={`${SMALL} col-span-2`}
        value={p.description}
        onChange={(e) => onChange({ ...p, description: e.target.value })}
      />
      <input
        aria-label={label('Allowed values (comma-separated)')}
        placeholder="enum: a, b, c (optional)"
        className={`${SMALL} col-span-2`}
        value={p.enumValues.join(', ')}
        onChange={(e) =>
          onChange({
            ...p,
            enumValues: e.target.value
              .split(',')
              .map((v) => v.trim())
              .filter((v) => v !== ''),
          })
        }
      />
      <label className="flex items-center gap-1 text-xs">
        <input
          type="checkbox"
          checked={p.required}
          onChange={(e) => onChange({ ...p, required: e.target.checked })}
        />
        required
      </label>
      <Button size="sm" variant="ghost" aria-label={label('Remove')} onClick={() => onChange(null)}>
        Remove
      </Button>
    </li>
  );
}

/** A form for simple schemas (properties with type, description, enum, required), kept in sync with the JSON. */
export function DefinitionsForm({ functions, onChange }: DefinitionsFormProps) {
  // What the last Remove took, offered back while the definitions are still as it left them.
  const [removed, setRemoved] = useState<{ label: string; before: FormFunction[]; after: string } | null>(
    null,
  );
  const undoable = removed !== null && removed.after === JSON.stringify(functions) ? removed : null;
  const change = (next: FormFunction[], removal: string | null = null) => {
    setRemoved(removal === null ? null : { label: removal, before: functions, after: JSON.stringify(next) });
    onChange(next);
  };
  const patch = (i: number, next: FormFunction | null, removal: string | null = null) =>
    change(
      next === null ? functions.filter((_, j) => j !== i) : functions.map((f, j) => (j === i ? next : f)),
      removal ?? (next === null ? `Function ${i + 1} (${functions[i]?.name || 'unnamed'}) removed.` : null),
    );
  return (
    <div className="flex flex-col gap-2">
      {functions.map((fn, i) => (
        <fieldset key={i} className="rounded border border-zinc-200 p-1 dark:border-zinc-700">
          <legend className="px-1 text-xs font-semibold">Function {i + 1}</legend>
          <input
            aria-label={`Name of function ${i + 1}`}
            className={`${SMALL} w-full font-mono`}
            value={fn.name}
            onChange={(e) => patch(i, { ...fn, name: e.target.value })}
          />
          <input
            aria-label={`Description of function ${i + 1}`}
            placeholder="description"
            className={`${SMALL} mt-1 w-full`}
            value={fn.description}
            onChange={(e) => patch(i, { ...fn, description: e.target.value })}
          />
          <ul className="mt-1 flex flex-col gap-1">
            {fn.properties.map((p, k) => (
              <PropertyRow
                key={k}
                fn={i}
                property={p}
                onChange={(next) =>
                  patch(
                    i,
                    {
                      ...fn,
                      properties:
                        next === null
                          ? fn.properties.filter((_, m) => m !== k)
                          : fn.properties.map((q, m) => (m === k ? next : q)),
                    },
                    next === null ? `Property ${p.name || '(unnamed)'} of function ${i + 1} removed.` : null,
                  )
                }
              />
            ))}
          </ul>
          <div className="mt-1 flex gap-1">
            <Button
              size="sm"
              variant="ghost"
              onClick={() =>
                patch(i, {
                  ...fn,
                  properties: [
                    ...fn.properties,
                    {
                      name: `arg${fn.properties.length + 1}`,
                      type: 'string',
                      description: '',
                      enumValues: [],
                      required: false,
                    },
                  ],
                })
              }
            >
              + Property
            </Button>
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Remove function ${i + 1}`}
              onClick={() => patch(i, null)}
            >
              Remove function
            </Button>
          </div>
        </fieldset>
      ))}
      {undoable ? (
        <p role="status" className="flex flex-wrap items-center gap-2 text-xs">
          {undoable.label}
          <Button size="sm" onClick={() => change(undoable.before)}>
            Undo
          </Button>
        </p>
      ) : null}
      <Button
        size="sm"
        variant="ghost"
        onClick={() =>
          change([
            ...functions,
            { name: `function_${functions.length + 1}`, description: '', properties: [] },
          ])
        }
      >
        + Function
      </Button>
    </div>
  );
}
