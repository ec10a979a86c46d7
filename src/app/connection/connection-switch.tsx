import { useId } from 'react';
import { INPUT_CLASS } from '../../components/ui/field';
import { useSettingsStore } from '../../stores';

/** Quick switch between saved connections, in the header. */
export function ConnectionSwitch() {
  const id = useId();
  const connections = useSettingsStore((s) => s.connections);
  const activeId = useSettingsStore((s) => s.activeId);
  const selectConnection = useSettingsStore((s) => s.selectConnection);
  if (connections.length === 0) {
    return <span className="text-sm text-zinc-500 dark:text-zinc-400">No connection</span>;
  }
  return (
    <div className="flex items-center gap-1.5">
      <label htmlFor={id} className="text-xs text-zinc-500 dark:text-zinc-400">
        Connection
      </label>
      <select
        id={id}
        className={`${INPUT_CLASS} w-auto max-w-48 py-0.5`}
        value={activeId ?? ''}
        onChange={(event) => selectConnection(event.target.value)}
      >
        {connections.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
    </div>
  );
}
