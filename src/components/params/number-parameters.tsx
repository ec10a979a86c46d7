import { NumberParameter, type NumberParameterProps } from './number-parameter';

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
}: {
  fields: readonly NumberField<K>[];
  values: Partial<Record<K, number>>;
  onChange: (name: K, value: number | undefined) => void;
}) {
  return fields.map((field) => (
    <NumberParameter
      key={field.name}
      {...field}
      value={values[field.name]}
      onChange={(value) => onChange(field.name, value)}
    />
  ));
}
