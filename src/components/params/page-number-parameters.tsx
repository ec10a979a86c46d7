import { useSettingsStore, type PageParameters } from '../../stores';
import { useInvalidPageParameters, usePageInvalid } from '../../stores/invalid-page-parameters';
import { NumberParameters, type NumberField } from './number-parameters';

type FormPage = 'code' | 'vision' | 'audio';
type NumberName<P extends FormPage> = {
  [K in keyof PageParameters[P] & string]: PageParameters[P][K] extends number | undefined ? K : never;
}[keyof PageParameters[P] & string];

/**
 * A form page's numeric parameters, stored per page. An edit no request may carry is recorded for
 * the page (its Run holds, saying why) and shown again if the inspector tab is closed and opened.
 */
export function PageNumberParameters<P extends FormPage>({
  page,
  fields,
}: {
  page: P;
  fields: readonly NumberField<NumberName<P>>[];
}) {
  const values = useSettingsStore((s) => s.parameters[page]) as Partial<Record<NumberName<P>, number>>;
  const setParameter = useSettingsStore((s) => s.setParameter);
  const invalid = usePageInvalid(page);
  const setInvalid = useInvalidPageParameters((s) => s.setInvalid);
  return (
    <NumberParameters
      fields={fields}
      values={values}
      invalid={invalid}
      onChange={(name, value) => {
        setParameter(page, name, value as PageParameters[P][NumberName<P>] | undefined);
        setInvalid(page, name, null);
      }}
      onInvalid={(name, shown) => setInvalid(page, name, shown)}
    />
  );
}
