import { useState } from 'react';
import { Button } from './button';

/**
 * Copies text to the clipboard and says whether it worked (the clipboard can be refused). `name`
 * tells a screen reader which of many Copy buttons this is, where the words on it cannot.
 */
export function CopyButton({ text, label = 'Copy', name }: { text: string; label?: string; name?: string }) {
  const [note, setNote] = useState<string | null>(null);
  async function copy() {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard in this context');
      await navigator.clipboard.writeText(text);
      setNote('Copied');
    } catch (error) {
      setNote(
        `Could not copy (${error instanceof Error ? error.message : String(error)}); select the text instead.`,
      );
    }
  }
  return (
    <span className="inline-flex items-center gap-2">
      <Button size="sm" onClick={() => void copy()} {...(name ? { 'aria-label': name } : {})}>
        {label}
      </Button>
      {note ? (
        <span role="status" className="text-xs text-zinc-600 dark:text-zinc-400">
          {note}
        </span>
      ) : null}
    </span>
  );
}
