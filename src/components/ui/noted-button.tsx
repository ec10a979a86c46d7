import { useRef, useState } from 'react';
import { Button } from './button';

/**
 * A button whose action says what it did beside it, as a status a screen reader hears ("Copied",
 * "Exported 3 conversations."). While the action runs it is aria-disabled and a press does nothing:
 * not `disabled`, which would send the keyboard's focus to the page's start. `name` tells a screen
 * reader which of many alike buttons this is, where the words on it cannot.
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
  const busy = useRef(false);
  const click = async () => {
    if (busy.current) return;
    busy.current = true;
    setWorking(true);
    setNote(null);
    try {
      setNote(await run());
    } finally {
      busy.current = false;
      setWorking(false);
    }
  };
  return (
    <span className="inline-flex items-center gap-2">
      <Button
        size="sm"
        aria-disabled={working}
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
