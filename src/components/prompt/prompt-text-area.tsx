import { INPUT_CLASS } from '../ui/field';

export interface PromptTextAreaProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Lines shown before it scrolls. */
  rows: number;
  /** The label's classes: its layout in the row and its text size. */
  className?: string;
}

/** A prompt's text box under its label (system prompt, message, an example's content). */
export function PromptTextArea({
  label,
  value,
  onChange,
  rows,
  className = 'flex flex-col text-sm',
}: PromptTextAreaProps) {
  return (
    <label className={className}>
      {label}
      <textarea
        className={INPUT_CLASS}
        rows={rows}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}
