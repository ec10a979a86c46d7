import { useId } from 'react';
import { INPUT_CLASS } from '../../../components/ui/field';
import type { SchemaFormatFields } from './reply-format';

/** The name and `strict` of a json_schema reply format; the schema itself is the box below them. */
export function SchemaFormatFieldsView({
  fields,
  onChange,
}: {
  fields: SchemaFormatFields;
  onChange: (next: SchemaFormatFields) => void;
}) {
  const nameId = useId();
  const strictId = useId();
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="flex flex-col gap-0.5">
        <label htmlFor={nameId}>Schema name</label>
        <input
          id={nameId}
          className={`${INPUT_CLASS} w-40 font-mono text-xs`}
          value={fields.name}
          spellCheck={false}
          onChange={(e) => onChange({ ...fields, name: e.target.value })}
        />
      </div>
      <div className="flex items-center gap-1 pb-1">
        <input
          id={strictId}
          type="checkbox"
          checked={fields.strict}
          onChange={(e) => onChange({ ...fields, strict: e.target.checked })}
        />
        <label htmlFor={strictId}>
          <code>strict</code> (the server keeps the reply to the schema exactly)
        </label>
      </div>
    </div>
  );
}
