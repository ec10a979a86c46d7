import { useState } from 'react';
import { INPUT_CLASS } from '../../../components/ui/field';
import type { ChatParameters } from '../../../lib/chat';
import { useChatStores } from '../use-chat-stores';
import { setConversationParameter, useOpenConversationId, useOpenSession } from '../session';

type Mode = 'unset' | 'auto' | 'free';

/**
 * `function_call`: not sent (server default), `auto` (the spec's only value), or a clearly marked
 * free-text value the spec does not define (`none`, or JSON such as {"name": "f"}).
 */
export function FunctionCallMode() {
  const id = useOpenConversationId() ?? '';
  const { sessions } = useChatStores();
  const value = useOpenSession((s) => s.options.parameters.function_call);
  const set = (next: ChatParameters['function_call']) =>
    setConversationParameter(sessions, id, 'function_call', next);
  const mode: Mode = value === undefined ? 'unset' : value === 'auto' ? 'auto' : 'free';
  const shown = typeof value === 'object' && value !== null ? JSON.stringify(value) : (value ?? '');
  const [draft, setDraft] = useState(mode === 'free' ? shown : '');
  const apply = (text: string) => {
    setDraft(text);
    const trimmed = text.trim();
    if (trimmed === '') return;
    let parsed: unknown = trimmed;
    if (trimmed.startsWith('{')) {
      try {
        parsed = JSON.parse(trimmed);
      } catch {
        return; // keep the last good value until the JSON is whole
      }
    }
    set(parsed as ChatParameters['function_call']);
  };
  return (
    <fieldset className="flex flex-col gap-1 text-xs">
      <legend className="font-semibold">function_call</legend>
      <label className="flex items-center gap-1">
        <input type="radio" name="function_call" checked={mode === 'unset'} onChange={() => set(undefined)} />
        not sent (server default)
      </label>
      <label className="flex items-center gap-1">
        <input type="radio" name="function_call" checked={mode === 'auto'} onChange={() => set('auto')} />
        <code>auto</code> (the model decides whether to call)
      </label>
      <label className="flex items-center gap-1">
        <input
          type="radio"
          name="function_call"
          checked={mode === 'free'}
          onChange={() => apply(draft || 'none')}
        />
        <span>
          other value{' '}
          <strong className="text-amber-700 dark:text-amber-400">(not every server accepts it)</strong>
        </span>
      </label>
      {mode === 'free' ? (
        <input
          aria-label="Other function_call value"
          className={`${INPUT_CLASS} font-mono text-xs`}
          value={draft}
          placeholder='none, or {"name": "get_current_weather"}'
          onChange={(e) => apply(e.target.value)}
        />
      ) : null}
    </fieldset>
  );
}
