import { useId, type ReactNode } from 'react';
import { INPUT_CLASS } from './field';

export interface JsonTextAreaProps {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  /** An example of what belongs here, in JSON. */
  placeholder: string;
  /** Lines shown before it scrolls (it can be dragged taller); a small box by default. */
  rows?: number;
}

/** A small labelled monospace box for pasted JSON; no spell check, which would underline every key. */
export function JsonTextArea({ label, value, onChange, placeholder, rows }: JsonTextAreaProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-0.5 self-stretch text-xs">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        className={`${INPUT_CLASS} min-h-14 resize-y font-mono text-xs`}
        spellCheck={false}
        rows={rows}
        value={value}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
