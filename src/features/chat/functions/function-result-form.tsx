import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { INPUT_CLASS } from '../../../components/ui/field';
import type { ResultRole } from './workbench-state';

export interface FunctionResultFormProps {
  name: string;
  role: ResultRole;
  onRoleChange: (role: ResultRole) => void;
  onSend: (result: string) => void;
  /** A canned result to start from. */
  initial?: string;
  disabled: boolean;
}

/** Where the user types or pastes the function's result and sends it back. */
export function FunctionResultForm({
  name,
  role,
  onRoleChange,
  onSend,
  initial = '',
  disabled,
}: FunctionResultFormProps) {
  const [text, setText] = useState(initial);
  return (
    <div className="mt-2 flex flex-col gap-1 text-xs">
      <label className="flex flex-col gap-0.5">
        Result of {name}
        <textarea
          className={`${INPUT_CLASS} min-h-14 font-mono text-xs`}
          value={text}
          placeholder='{"temperature": 21, "unit": "celsius"}'
          onChange={(e) => setText(e.target.value)}
        />
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <label className="flex items-center gap-1">
          Send as
          <select
            className={`${INPUT_CLASS} text-xs`}
            value={role}
            onChange={(e) => onRoleChange(e.target.value as ResultRole)}
          >
            <option value="function">role &quot;function&quot; + name</option>
            <option value="user">a user message</option>
          </select>
        </label>
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
