import { useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { JsonTextArea } from '../../../components/ui/json-text-area';

export interface ResultFormProps {
  name: string;
  /** A canned result to start from (the function's mock). */
  initial?: string;
  disabled: boolean;
  onSend: (result: string) => void;
  /** Controls shown before the send button (how a legacy result is sent). */
  children?: ReactNode;
}

/** Where the user types or pastes a function's result and sends it back. */
export function ResultForm({ name, initial = '', disabled, onSend, children }: ResultFormProps) {
  const [text, setText] = useState(initial);
  return (
    <div className="mt-2 flex flex-col gap-1 text-xs">
      <JsonTextArea
        label={`Result of ${name}`}
        value={text}
        placeholder='{"ok": true} or any text the function returned'
        onChange={setText}
      />
      <div className="flex flex-wrap items-end gap-2">
        {children}
        <Button
          size="sm"
          variant="primary"
          disabled={disabled || text.trim() === ''}
          onClick={() => onSend(text)}
        >
          Send result
        </Button>
      </div>
    </div>
  );
}
