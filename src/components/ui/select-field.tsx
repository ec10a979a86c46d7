import { useId, type CSSProperties, type ReactNode } from 'react';
import { INPUT_CLASS } from './field';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps {
  label: ReactNode;
  value: string;
  /** A plain string is its own label. */
  options: readonly (SelectOption | string)[];
  onChange: (value: string) => void;
  /** `inline` puts the label beside the control (bars and headers), `stacked` above it (forms). */
  layout?: 'inline' | 'stacked';
  /** Extra classes for the select, e.g. its width or font. */
  selectClassName?: string;
  selectStyle?: CSSProperties;
  labelClassName?: string;
  disabled?: boolean;
}

/** A labelled native select: keyboard and screen readers get the platform's own control. */
export function SelectField({
  label,
  value,
  options,
  onChange,
  layout = 'stacked',
  selectClassName = '',
  selectStyle,
  labelClassName = 'text-xs text-zinc-600 dark:text-zinc-400',
  disabled,
}: SelectFieldProps) {
  const id = useId();
  return (
    <div className={layout === 'inline' ? 'flex items-center gap-1.5' : 'flex flex-col gap-0.5'}>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      <select
        id={id}
        className={`${INPUT_CLASS} ${selectClassName}`}
        style={selectStyle}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map((option) => {
          const { value: optionValue, label: optionLabel } =
            typeof option === 'string' ? { value: option, label: option } : option;
          return (
            <option key={optionValue} value={optionValue}>
              {optionLabel}
            </option>
          );
        })}
      </select>
    </div>
  );
}
