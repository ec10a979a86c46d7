import { Button } from '../ui/button';

/**
 * "Reset all to server defaults", and once it has been used, "Undo reset" beside it for as long as
 * `onUndo` is given (the page drops it when the parameters change again).
 */
export function ResetAll({ onReset, onUndo }: { onReset: () => void; onUndo: (() => void) | null }) {
  return (
    <span className="flex flex-wrap items-center gap-2">
      <Button size="sm" variant="ghost" onClick={onReset}>
        Reset all to server defaults
      </Button>
      {onUndo ? (
        <span role="status" className="flex items-center gap-1 text-xs">
          Parameters reset.
          <Button size="sm" onClick={onUndo}>
            Undo reset
          </Button>
        </span>
      ) : null}
    </span>
  );
}
