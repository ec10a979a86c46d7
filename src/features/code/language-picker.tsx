import { useId } from 'react';
import { INPUT_CLASS } from '../../components/ui/field';
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
  const id = useId();
  const current = value ?? AUTO_LANGUAGE;
  const listed = CODE_LANGUAGES.some((l) => l.id === current);
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-xs font-medium text-zinc-700 dark:text-zinc-300">
        Language
      </label>
      <select
        id={id}
        style={{ width: '14rem' }}
        className={`${INPUT_CLASS} font-mono`}
        value={current}
        onChange={(e) => onChange(e.target.value === AUTO_LANGUAGE ? undefined : e.target.value)}
      >
        {listed ? null : <option value={current}>{current}</option>}
        {CODE_LANGUAGES.map((l) => (
          <option key={l.id} value={l.id}>
            {l.label}
          </option>
        ))}
      </select>
      {current === AUTO_LANGUAGE ? (
        <span className="text-xs whitespace-nowrap text-zinc-500 dark:text-zinc-400">
          not sent{guessed ? `; highlighting as ${guessed}` : ''}
        </span>
      ) : null}
    </div>
  );
}
