import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { JsonTextArea } from '../../../components/ui/json-text-area';
import { SelectField } from '../../../components/ui/select-field';
import type { ResultRole } from './workbench-state';

const RESULT_ROLES: readonly { value: ResultRole; label: string }[] = [
  { value: 'function', label: 'role "function" + name' },
  { value: 'user', label: 'a user message' },
];

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
      <JsonTextArea
        label={`Result of ${name}`}
        value={text}
        placeholder='{"temperature": 21, "unit": "celsius"}'
        onChange={setText}
      />
      <div className="flex flex-wrap items-end gap-2">
        <SelectField
          layout="inline"
          label="Send as"
          selectClassName="w-auto text-xs"
          value={role}
          options={RESULT_ROLES}
          onChange={(next) => onRoleChange(next as ResultRole)}
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
    </div>
  );
}
