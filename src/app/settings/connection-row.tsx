import { useId } from 'react';
import { Button } from '../../components/ui/button';
import { ConfirmedDelete } from '../../components/ui/confirmed-delete';
import { baseURLHost, maskKey } from '../../lib/connection';
import { useSettingsStore, type Connection } from '../../stores';

export interface ConnectionRowProps {
  connection: Connection;
  onEdit: () => void;
}

/** One saved connection: a radio to make it active, what it points at, edit and delete. */
export function ConnectionRow({ connection, onEdit }: ConnectionRowProps) {
  const id = useId();
  const active = useSettingsStore((s) => s.activeId === connection.id);
  const selectConnection = useSettingsStore((s) => s.selectConnection);
  const removeConnection = useSettingsStore((s) => s.removeConnection);
  const keyState =
    connection.apiKey === ''
      ? 'no key'
      : `${maskKey(connection.apiKey)}, ${connection.rememberKey ? 'remembered' : 'in memory only'}`;

  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
      <input
        id={id}
        type="radio"
        name="active-connection"
        className="size-4 accent-sky-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600"
        checked={active}
        onChange={() => selectConnection(connection.id)}
        aria-describedby={`${id}-details`}
      />
      <label htmlFor={id} className="text-sm font-medium">
        {connection.name}
        {connection.origin === 'local-service' ? (
          <span className="ml-1.5 text-xs font-normal text-zinc-500">(from npm start)</span>
        ) : null}
      </label>
      <span id={`${id}-details`} className="font-mono text-xs text-zinc-500 dark:text-zinc-400">
        {baseURLHost(connection.baseURL)} · {keyState}
      </span>
      <span className="ml-auto flex gap-1.5">
        <Button size="sm" onClick={onEdit} aria-label={`Edit ${connection.name}`}>
          Edit
        </Button>
        <ConfirmedDelete name={connection.name} onDelete={() => removeConnection(connection.id)} />
      </span>
    </li>
  );
}
