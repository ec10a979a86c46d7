import { Dialog } from '../../../components/ui/dialog';
import { FactList } from '../../../components/ui/fact-list';
import type { SendKey } from '../../../stores';

/** The keyboard shortcuts of the chat page (opened with "?"). */
export function ShortcutsDialog({
  open,
  onClose,
  sendKey,
}: {
  open: boolean;
  onClose: () => void;
  sendKey: SendKey;
}) {
  const rows: [string, string][] = [
    [sendKey === 'enter' ? 'Enter' : 'Ctrl+Enter', 'Send the message (change in Settings)'],
    [sendKey === 'enter' ? 'Shift+Enter' : 'Enter', 'New line in the message'],
    ['Esc', 'Stop the reply being generated'],
    ['Alt+N', 'New conversation'],
    ['/', 'Focus the message box'],
    ['Ctrl+Enter (while editing)', 'Save the edited message; Esc cancels'],
    ['Tab on a token', 'Show its probability and alternatives (when logprobs are shown)'],
    ['?', 'This list'],
  ];
  return (
    <Dialog open={open} onClose={onClose} title="Keyboard shortcuts">
      <FactList
        termClassName="font-mono"
        facts={rows.map(([keys, what]) => ({ label: keys, value: what, mono: false }))}
      />
    </Dialog>
  );
}
