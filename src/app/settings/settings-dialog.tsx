import { Dialog } from '../../components/ui/dialog';
import { AppearanceSection } from './appearance-section';
import { ConnectionsSection } from './connections-section';
import { DefaultsSection } from './defaults-section';

export interface SettingsDialogProps {
  open: boolean;
  onClose: () => void;
}

/** Settings: connections, the chat defaults the spec leaves open, and appearance. */
export function SettingsDialog({ open, onClose }: SettingsDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title="Settings">
      <div className="flex flex-col gap-6">
        <ConnectionsSection />
        <DefaultsSection />
        <AppearanceSection />
      </div>
    </Dialog>
  );
}
