import { useId } from 'react';
import { Button, RemoveButton } from '../../components/ui/button';
import { INPUT_CLASS } from '../../components/ui/field';
import { SelectField } from '../../components/ui/select-field';
import type { Variant } from '../../lib/compare/variants';
import type { Connection } from '../../stores';
import { useConnectionModels } from './use-connection-models';

const NUMBER_FIELDS = ['temperature', 'max_tokens', 'seed'] as const;

/** One variant's settings: connection, model, the parameters most often compared, and its place in the list. */
export function VariantRow({
  index,
  count,
  variant,
  connections,
  functionsAvailable,
  onChange,
  onDuplicate,
  onRemove,
  onMove,
}: {
  index: number;
  count: number;
  variant: Variant;
  connections: readonly Connection[];
  functionsAvailable: boolean;
  onChange: (variant: Variant) => void;
  onDuplicate: () => void;
  onRemove: () => void;
  onMove: (by: -1 | 1) => void;
}) {
  const name = `Variant ${index + 1}`;
  const modelsId = useId();
  const models = useConnectionModels(connections.find((c) => c.id === variant.connectionId));
  const setNumber = (field: (typeof NUMBER_FIELDS)[number], text: string) => {
    const parameters = { ...variant.parameters };
    const value = Number(text);
    if (text.trim() === '' || !Number.isFinite(value)) delete parameters[field];
    else parameters[field] = value;
    onChange({ ...variant, parameters });
  };
  // With five alternatives per token, the diff can say how likely each reply found the other's token.
  const setLogprobs = (on: boolean) => {
    const { logprobs: _l, top_logprobs: _t, ...rest } = variant.parameters;
    onChange({ ...variant, parameters: on ? { ...rest, logprobs: true, top_logprobs: 5 } : rest });
  };
  const format = variant.parameters.response_format;
  const setFunctions = (on: boolean) => {
    const { useFunctions: _u, ...rest } = variant;
    onChange(on ? { ...rest, useFunctions: true } : rest);
  };
  const setJson = (on: boolean) => {
    const { response_format: _f, ...rest } = variant.parameters;
    onChange({ ...variant, parameters: on ? { ...rest, response_format: { type: 'json_object' } } : rest });
  };
  return (
    <li
      aria-label={name}
      className="flex flex-wrap items-end gap-2 rounded border border-zinc-200 p-2 dark:border-zinc-700"
    >
      <span className="self-center text-xs font-medium">{index + 1}</span>
      <SelectField
        label="Connection"
        labelClassName="text-xs"
        value={variant.connectionId}
        options={connections.map((c) => ({ value: c.id, label: c.name }))}
        onChange={(connectionId) => onChange({ ...variant, connectionId })}
      />
      <label className="flex flex-col text-xs">
        Model
        {/* Suggestions from the connection's list; any id can still be typed (servers serve unlisted ones). */}
        <input
          className={`${INPUT_CLASS} w-40 font-mono`}
          value={variant.model}
          list={modelsId}
          spellCheck={false}
          autoComplete="off"
          onChange={(e) => onChange({ ...variant, model: e.target.value })}
        />
        <datalist id={modelsId}>
          {models.map((id) => (
            <option key={id} value={id} />
          ))}
        </datalist>
      </label>
      {NUMBER_FIELDS.map((field) => (
        <label key={field} className="flex flex-col text-xs">
          <span className="font-mono">{field}</span>
          <input
            className={`${INPUT_CLASS} w-24 font-mono`}
            inputMode="decimal"
            placeholder="default"
            defaultValue={variant.parameters[field] ?? ''}
            onBlur={(e) => setNumber(field, e.target.value)}
          />
        </label>
      ))}
      <label className="flex items-center gap-1 self-center text-xs">
        <input
          type="checkbox"
          checked={variant.parameters.logprobs === true}
          onChange={(e) => setLogprobs(e.target.checked)}
        />
        <span className="font-mono">logprobs</span>
      </label>
      <label className="flex items-center gap-1 self-center text-xs">
        <input type="checkbox" checked={format !== undefined} onChange={(e) => setJson(e.target.checked)} />
        {/* A schema comes with an imported comparison; the row keeps it and names it. */}
        JSON mode{format?.type === 'json_schema' ? ` (schema ${format.json_schema?.name ?? ''})` : ''}
      </label>
      <label className="flex items-center gap-1 self-center text-xs">
        <input
          type="checkbox"
          checked={variant.useFunctions === true}
          // Ticked but with nothing to send (definitions emptied or broken) stays visible to untick.
          disabled={!functionsAvailable && !variant.useFunctions}
          onChange={(e) => setFunctions(e.target.checked)}
        />
        functions
      </label>
      <div className="flex gap-1">
        <Button size="sm" aria-label={`Move ${name} up`} disabled={index === 0} onClick={() => onMove(-1)}>
          ↑
        </Button>
        <Button
          size="sm"
          aria-label={`Move ${name} down`}
          disabled={index === count - 1}
          onClick={() => onMove(1)}
        >
          ↓
        </Button>
        <Button size="sm" onClick={onDuplicate} aria-label={`Duplicate ${name}`}>
          Duplicate
        </Button>
        <RemoveButton label={`Remove ${name}`} onRemove={onRemove} />
      </div>
    </li>
  );
}
