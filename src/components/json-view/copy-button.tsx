import { useState } from 'react';
import { Button } from '../ui/button';

/** Copies `text` to the clipboard and says whether it worked. */
export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  return (
    <Button
      size="sm"
      variant="ghost"
      onClick={() => {
        const clipboard = globalThis.navigator?.clipboard;
        if (!clipboard) {
          setState('failed');
          return;
        }
        clipboard.writeText(text).then(
          () => setState('copied'),
          () => setState('failed'),
        );
      }}
    >
      {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed: select the text instead' : label}
    </Button>
  );
}
