import { NumberParameter, type InvalidNumber, type NumberParameterProps } from './number-parameter';

/** One numeric field of a page's parameters, as data: its wire name, range, step and server default. */
export type NumberField<K extends string> = Omit<NumberParameterProps, 'value' | 'onChange' | 'name'> & {
  name: K;
};

/**
 * A page's numeric parameters from a list, so each page states its fields as data once instead of
 * repeating the same control with other numbers.
 */
export function NumberParameters<K extends string>({
  fields,
  values,
  onChange,
  invalid,
  onInvalid,
}: {
  fields: readonly NumberField<K>[];
  values: Partial<Record<K, number>>;
  onChange: (name: K, value: number | undefined) => void;
  /** What each field shows that no request may carry (kept outside, so it survives a remount). */
  invalid?: Readonly<Partial<Record<string, InvalidNumber>>>;
  onInvalid?: (name: K, invalid: InvalidNumber) => void;
}) {
  return fields.map((field) => (
    <NumberParameter
      key={field.name}
      {...field}
      value={values[field.name]}
      invalid={invalid?.[field.name]}
      onChange={(value) => onChange(field.name, value)}
      {...(onInvalid ? { onInvalid: (shown: InvalidNumber) => onInvalid(field.name, shown) } : {})}
    />
  ));
}
