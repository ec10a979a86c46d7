import { useState } from 'react';
import { Button } from './button';

/**
 * Delete, asked twice: "Delete" turns into "Delete it for good? Delete / Keep", so one slip of the
 * pointer deletes nothing. `name` says what goes, to screen readers ("Delete Second…").
 */
export function ConfirmedDelete({ name, onDelete }: { name: string; onDelete: () => void }) {
  const [confirming, setConfirming] = useState(false);
  if (!confirming)
    return (
      <Button size="sm" variant="ghost" aria-label={`Delete ${name}…`} onClick={() => setConfirming(true)}>
        Delete
      </Button>
    );
  return (
    <span role="group" aria-label={`Delete ${name}?`} className="flex items-center gap-1 text-xs">
      <span>Delete it for good?</span>
      <Button
        size="sm"
        variant="danger"
        onClick={() => {
          setConfirming(false);
          onDelete();
        }}
      >
        Delete
      </Button>
      <Button size="sm" onClick={() => setConfirming(false)}>
        Keep
      </Button>
    </span>
  );
}
