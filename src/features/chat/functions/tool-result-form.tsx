import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { JsonTextArea } from '../../../components/ui/json-text-area';

export interface ToolResultFormProps {
  name: string;
  /** A canned result to start from (the function's mock). */
  initial: string;
  disabled: boolean;
  onSend: (result: string) => void;
}

/** Where the user gives one tool call's result; it is sent as a `tool` message naming the call. */
export function ToolResultForm({ name, initial, disabled, onSend }: ToolResultFormProps) {
  const [text, setText] = useState(initial);
  return (
    <div className="mt-2 flex flex-col items-start gap-1 text-xs">
      <JsonTextArea
        label={`Result of ${name}`}
        value={text}
        placeholder='{"ok": true} or any text the function returned'
        onChange={setText}
      />
      <Button
        size="sm"
        variant="primary"
        disabled={disabled || text.trim() === ''}
        onClick={() => onSend(text)}
      >
        Send result
      </Button>
    </div>
  );
}
