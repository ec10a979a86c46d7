import { useState } from 'react';
import { Button } from './button';

/** Copies text to the clipboard and says whether it worked (the clipboard can be refused). */
export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
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
      <Button size="sm" onClick={() => void copy()}>
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
