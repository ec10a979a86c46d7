import { useState } from 'react';
import { Button } from './button';

/**
 * A button whose action says what it did beside it, as a status a screen reader hears ("Copied",
 * "Exported 3 conversations."). It is disabled while the action runs; `name` tells a screen reader
 * which of many alike buttons this is, where the words on it cannot.
 */
export function NotedButton({
  label,
  name,
  run,
}: {
  label: string;
  name?: string | undefined;
  /** Does the work and gives the note to show, or null for none. */
  run: () => Promise<string | null>;
}) {
  const [note, setNote] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const click = async () => {
    setWorking(true);
    setNote(null);
    try {
      setNote(await run());
    } finally {
      setWorking(false);
    }
  };
  return (
    <span className="inline-flex items-center gap-2">
      <Button
        size="sm"
        disabled={working}
        onClick={() => void click()}
        {...(name ? { 'aria-label': name } : {})}
      >
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
