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
      labelClassName="text-xs text-zinc-500 dark:text-zinc-400"
      selectClassName="w-auto max-w-48 py-0.5"
      value={activeId ?? ''}
      options={connections.map((c) => ({ value: c.id, label: c.name }))}
      onChange={selectConnection}
    />
  );
}
