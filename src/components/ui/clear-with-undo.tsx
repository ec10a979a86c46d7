import { Button } from './button';

export interface ClearWithUndoProps {
  /** What Clear empties, said in the undo note ("Prompt, images and result cleared."). */
  what: string;
  onClear: () => void;
  /** Present while the clear can be taken back. */
  onUndo: (() => void) | null;
  disabled?: boolean;
}

/** Clear, and once it has been used, a note with "Undo clear" while the page is still as it left it. */
export function ClearWithUndo({ what, onClear, onUndo, disabled = false }: ClearWithUndoProps) {
  return (
    <>
      <Button variant="ghost" disabled={disabled} onClick={onClear}>
        Clear
      </Button>
      {onUndo ? (
        <span role="status" className="flex items-center gap-1 text-xs">
          {what}
          <Button size="sm" onClick={onUndo}>
            Undo clear
          </Button>
        </span>
      ) : null}
    </>
  );
}
