import { Button } from '../../components/ui/button';
import { useSettingsStore } from '../../stores';
import { KeyNeededNotice } from './key-needed-notice';

/**
 * Shown above every page while no connection exists, so a first visit knows where to start; once
 * one does, the place where a connection that lost its key asks for it again.
 */
export function NoConnectionNotice({ onOpenSettings }: { onOpenSettings: () => void }) {
  const hasConnection = useSettingsStore((s) => s.connections.length > 0);
  if (hasConnection) return <KeyNeededNotice />;
  return (
    <div className="mb-4 flex flex-wrap items-center gap-3 rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100">
      <p>
        No server to talk to yet. Add its base URL and key in Settings; with <code>npm start</code> the local
        service connects itself.
      </p>
      <Button size="sm" variant="primary" onClick={onOpenSettings}>
        Add a connection
      </Button>
    </div>
  );
}
