import { useState } from 'react';
import { INPUT_CLASS } from '../../../components/ui/field';

/** The conversation's system prompt, sent first when it holds more than whitespace. */
export function SystemPromptEditor({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  const [open, setOpen] = useState(value.trim() !== '');
  return (
    <details
      open={open}
      onToggle={(e) => setOpen(e.currentTarget.open)}
      className="rounded border border-zinc-200 px-2 py-1 dark:border-zinc-800"
    >
      <summary className="cursor-pointer text-xs font-semibold">
        System prompt{value.trim() === '' ? ' (none)' : ''}
      </summary>
      <textarea
        aria-label="System prompt"
        className={`${INPUT_CLASS} mt-1 min-h-16 font-mono`}
        placeholder="e.g. You are a terse assistant. Empty = no system message is sent."
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </details>
  );
}
