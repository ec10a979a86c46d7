import { SelectField } from '../../components/ui/select-field';
import { useSettingsStore } from '../../stores';

/** Quick switch between saved connections, in the header. */
export function ConnectionSwitch() {
  const connections = useSettingsStore((s) => s.connections);
  const activeId = useSettingsStore((s) => s.activeId);
  const selectConnection = useSettingsStore((s) => s.selectConnection);
  if (connections.length === 0) {
    return <span className="text-sm text-zinc-500 dark:text-zinc-400">No connection</span>;
  }
  return (
    <SelectField
      layout="inline"
      label="Connection"
      // On a phone the word goes (the select keeps its name) so status and switch share one row.
      labelClassName="sr-only text-xs text-zinc-500 sm:not-sr-only dark:text-zinc-400"
      selectClassName="w-auto max-w-40 py-0.5 sm:max-w-48"
      value={activeId ?? ''}
      options={connections.map((c) => ({ value: c.id, label: c.name }))}
      onChange={selectConnection}
    />
  );
}
