import { useQuery } from '@tanstack/react-query';
import { modelsQueryOptions, useApi, useSettingsStore } from '../../stores';
import { Field, INPUT_CLASS } from '../ui/field';
import { modelSuits, type ModelPurpose } from './model-purpose';
import { useDefaultModel } from './use-default-model';

export interface ModelPickerProps {
  /** The page the model is for: its models are offered first. */
  purpose: ModelPurpose;
  /** The chosen model; undefined means the connection's default for the page (`useDefaultModel`). */
  value: string | undefined;
  /** Called with the chosen id, or undefined when the page's default is chosen again. */
  onChange: (value: string | undefined) => void;
  className?: string;
}

/**
 * Picks the model a page sends, from the active connection's model list: models suited to the page
 * first, every other listed model after them, and a plain statement when none suits the page or the
 * list cannot be read (the default stays usable: a server may serve models it does not list).
 */
export function ModelPicker({ purpose, value, onChange, className = '' }: ModelPickerProps) {
  const api = useApi();
  const models = useQuery(modelsQueryOptions(api));
  const fallback = useDefaultModel(purpose);
  const rememberModel = useSettingsStore((s) => s.rememberModel);
  const chosen = value ?? fallback;
  const ids = (models.data?.data ?? []).map((m) => m.id).sort();
  const suited = ids.filter((id) => modelSuits(id, purpose));
  const others = ids.filter((id) => !modelSuits(id, purpose));
  const unlisted = [chosen, fallback].filter((id, i, all) => !ids.includes(id) && all.indexOf(id) === i);

  let note: string | null = null;
  if (api.client === null) note = api.problem;
  else if (models.isError)
    note = `Could not list models (${models.error.message}); sending ${chosen} anyway.`;
  else if (models.isSuccess && suited.length === 0) {
    note = `The active connection lists no model suited to ${purpose}. Pick another listed model, or keep ${fallback} if the server serves it unlisted.`;
  } else if (models.isSuccess && !ids.includes(chosen)) {
    note = `${chosen} is not in this connection's model list.`;
  }

  return (
    <Field className={className} label="Model" error={null} hint={note}>
      {(control) => (
        <select
          {...control}
          className={`${INPUT_CLASS} font-mono`}
          value={chosen}
          onChange={(e) => {
            rememberModel(purpose, e.target.value);
            onChange(e.target.value === fallback ? undefined : e.target.value);
          }}
        >
          {unlisted.map((id) => (
            <option key={id} value={id}>
              {id} (not listed)
            </option>
          ))}
          {suited.length > 0 ? (
            <optgroup label={`Suited to ${purpose}`}>
              {suited.map((id) => (
                <option key={id} value={id}>
                  {id}
                </option>
              ))}
            </optgroup>
          ) : null}
          {others.length > 0 ? (
            <optgroup label="Other models">
              {others.map((id) => (
                <option key={id} value={id}>
                  {id}
                </option>
              ))}
            </optgroup>
          ) : null}
        </select>
      )}
    </Field>
  );
}
