import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { INPUT_CLASS } from '../../components/ui/field';
import { isApiError } from '../../lib/api';
import { modelsQueryOptions, selectActiveConnection, useApi, useSettingsStore } from '../../stores';
import { connectionsGivenKeys, markKeyGiven } from './keys-given';

/**
 * "Key needed", with a field to type it in right there, for the active connection when it has no
 * key but had one before (a key not remembered is gone after a reload) or its server answered 401.
 */
export function KeyNeededNotice() {
  const connections = useSettingsStore((s) => s.connections);
  const active = useSettingsStore(selectActiveConnection);
  const updateConnection = useSettingsStore((s) => s.updateConnection);
  const api = useApi();
  const models = useQuery(modelsQueryOptions(api));
  const [key, setKey] = useState('');
  const [remember, setRemember] = useState(false);
  const [keyless, setKeyless] = useState<string | null>(null);
  const id = useId();

  // Whenever a connection holds a key, note that it takes one (never the key itself).
  useEffect(() => {
    for (const c of connections) if (c.apiKey !== '') markKeyGiven(c.id, true);
  }, [connections]);

  if (!active || active.apiKey !== '' || active.origin === 'local-service') return null;
  const refused = isApiError(models.error) && models.error.status === 401;
  if (!refused && (keyless === active.id || !connectionsGivenKeys().has(active.id))) return null;

  return (
    <form
      aria-label={`Key needed for ${active.name}`}
      className="mb-4 flex flex-wrap items-end gap-3 rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
      onSubmit={(e) => {
        e.preventDefault();
        if (key.trim() === '') return;
        updateConnection(active.id, { apiKey: key.trim(), rememberKey: remember });
        setKey('');
      }}
    >
      <p className="basis-full">
        <strong>Key needed</strong> for {active.name}:{' '}
        {refused
          ? 'the server answered 401 without one.'
          : 'keys are kept only while the page is open unless “Remember this key” is ticked.'}{' '}
        Type it here to go on.
      </p>
      <label htmlFor={id} className="flex flex-col text-xs">
        API key for {active.name}
        <input
          id={id}
          type="password"
          autoComplete="off"
          className={`${INPUT_CLASS} w-64 font-mono`}
          value={key}
          onChange={(e) => setKey(e.target.value)}
        />
      </label>
      <label className="flex items-center gap-1 text-xs">
        <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
        Remember this key in this browser
      </label>
      <Button size="sm" variant="primary" type="submit" disabled={key.trim() === ''}>
        Use this key
      </Button>
      {refused ? null : (
        <Button
          size="sm"
          variant="ghost"
          onClick={() => {
            markKeyGiven(active.id, false);
            setKeyless(active.id);
          }}
        >
          This server needs no key
        </Button>
      )}
    </form>
  );
}
