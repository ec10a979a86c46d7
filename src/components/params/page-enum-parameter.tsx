import { useSettingsStore, type PageParameters } from '../../stores';
import { EnumParameter } from './enum-parameter';

type FormPage = 'code' | 'vision' | 'audio';
type ChoiceName<P extends FormPage> = {
  [K in keyof PageParameters[P] & string]: NonNullable<PageParameters[P][K]> extends string ? K : never;
}[keyof PageParameters[P] & string];

/** A form page's parameter with a fixed set of values, stored per page; unset is not sent. */
export function PageEnumParameter<P extends FormPage, K extends ChoiceName<P>>({
  page,
  name,
  ...field
}: {
  page: P;
  name: K;
  options: readonly (NonNullable<PageParameters[P][K]> & string)[];
  /** What the server does when the parameter is unset, e.g. "json". */
  serverDefault: string;
  hint: string;
}) {
  const value = useSettingsStore((s) => s.parameters[page][name]) as
    (NonNullable<PageParameters[P][K]> & string) | undefined;
  const setParameter = useSettingsStore((s) => s.setParameter);
  return (
    <EnumParameter {...field} name={name} value={value} onChange={(next) => setParameter(page, name, next)} />
  );
}
