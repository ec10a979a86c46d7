import { SelectField } from '../../components/ui/select-field';
import { AUTO_LANGUAGE, CODE_LANGUAGES } from './languages';

export interface LanguagePickerProps {
  /** The stored `language`; undefined is `auto`, the server default, and is not sent. */
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  /** The language highlighting guessed for `auto`, shown so the user knows what they see. */
  guessed: string | null;
}

/** Picks the request's `language` and the editor's highlighting in one. */
export function LanguagePicker({ value, onChange, guessed }: LanguagePickerProps) {
  const current = value ?? AUTO_LANGUAGE;
  const listed = CODE_LANGUAGES.some((l) => l.id === current);
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <SelectField
        layout="inline"
        label="Language"
        labelClassName="text-xs font-medium text-zinc-700 dark:text-zinc-300"
        selectClassName="font-mono"
        selectStyle={{ width: '14rem', maxWidth: '100%' }}
        value={current}
        options={[
          ...(listed ? [] : [current]),
          ...CODE_LANGUAGES.map((l) => ({ value: l.id, label: l.label })),
        ]}
        onChange={(next) => onChange(next === AUTO_LANGUAGE ? undefined : next)}
      />
      {current === AUTO_LANGUAGE ? (
        <span className="text-xs whitespace-nowrap text-zinc-500 dark:text-zinc-400">
          not sent{guessed ? `; highlighting as ${guessed}` : ''}
        </span>
      ) : null}
    </div>
  );
}
