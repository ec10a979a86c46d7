import { Field, INPUT_CLASS } from '../ui/field';

export interface EnumParameterProps<T extends string> {
  /** The wire name, shown as the label (e.g. `response_format`). */
  name: string;
  value: T | undefined;
  options: readonly T[];
  /** What the server does when the parameter is unset, e.g. "json". */
  serverDefault: string;
  hint: string;
  /** Called with a choice, or undefined to unset it (then it is not sent). */
  onChange: (value: T | undefined) => void;
}

/** A request parameter with a fixed set of values, plus an explicit "server default" (not sent). */
export function EnumParameter<T extends string>({
  name,
  value,
  options,
  serverDefault,
  hint,
  onChange,
}: EnumParameterProps<T>) {
  return (
    <Field label={<span className="font-mono">{name}</span>} hint={hint}>
      {(control) => (
        <select
          {...control}
          className={`${INPUT_CLASS} font-mono`}
          value={value ?? ''}
          onChange={(e) => onChange(e.target.value === '' ? undefined : (e.target.value as T))}
        >
          <option value="">server default ({serverDefault})</option>
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
