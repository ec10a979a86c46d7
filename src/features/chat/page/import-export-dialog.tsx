import { useState } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import { onDemand } from '../../../components/ui/on-demand';

// The dialog's forms load when it first opens: few visits need them, and every visit loaded them.
const Panels = onDemand(() => import('./import-export-panels').then((m) => m.ImportExportPanels));

/** Fetches the dialog's forms now (tests, before they open the dialog). */
export const preloadImportExportPanels = Panels.preload;

/** Exports the open conversation or all of them as JSON, and imports either (see `ImportExportPanels`). */
export function ImportExportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  // Mounted from the first opening on, so what was typed into the import stays across closings.
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return (
    <Dialog open={open} onClose={onClose} title="Import or export conversations">
      {opened ? (
        <Panels.Component open={open} fallback={<p className="text-sm">Loading…</p>} />
      ) : null}
    </Dialog>
  );
}
