import { useState } from 'react';
import { parsePastedRequest, type PastedRequest } from '../../lib/export-code';
import { Button } from '../ui/button';
import { INPUT_CLASS } from '../ui/field';

/**
 * Paste a curl command or a request JSON to load it into the page. `onLoad` returns (or resolves)
 * null when the page took it, or the reason it could not (shown as is); the pasted text stays.
 */
export function PasteRequest({
  onLoad,
  loadedMessage = 'Loaded into the page.',
}: {
  onLoad: (request: PastedRequest) => string | null | Promise<string | null>;
  loadedMessage?: string;
}) {
  const [text, setText] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [loading, setLoading] = useState(false);
  const load = async () => {
    setLoading(true);
    try {
      const problem = await onLoad(parsePastedRequest(text));
      setMessage(problem ? { ok: false, text: problem } : { ok: true, text: loadedMessage });
    } catch (error) {
      setMessage({ ok: false, text: error instanceof Error ? error.message : String(error) });
    } finally {
      setLoading(false);
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
      <Button
        size="sm"
        variant="secondary"
        disabled={text.trim() === '' || loading}
        onClick={() => void load()}
      >
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
