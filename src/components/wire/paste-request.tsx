import { useState } from 'react';
import { parsePastedRequest, type PastedRequest } from '../../lib/export-code';
import { Button } from '../ui/button';
import { INPUT_CLASS } from '../ui/field';

/**
 * Paste a curl command or a request JSON to load it into the page. `onLoad` returns null when the
 * page took it, or the reason it could not (shown as is).
 */
export function PasteRequest({ onLoad }: { onLoad: (request: PastedRequest) => string | null }) {
  const [text, setText] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const load = () => {
    try {
      const problem = onLoad(parsePastedRequest(text));
      setMessage(problem ? { ok: false, text: problem } : { ok: true, text: 'Loaded into the page.' });
    } catch (error) {
      setMessage({ ok: false, text: error instanceof Error ? error.message : String(error) });
    }
  };
  return (
    <div className="flex flex-col gap-1 text-xs">
      <label className="flex flex-col gap-0.5">
        Paste a curl command or a request JSON
        <textarea
          className={`${INPUT_CLASS} min-h-16 font-mono text-xs`}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </label>
      <Button size="sm" variant="secondary" disabled={text.trim() === ''} onClick={load}>
        Load request
      </Button>
      {message ? (
        <p
          role={message.ok ? 'status' : 'alert'}
          className={message.ok ? 'text-emerald-700 dark:text-emerald-400' : 'text-red-700 dark:text-red-400'}
        >
          {message.text}
        </p>
      ) : null}
    </div>
  );
}
