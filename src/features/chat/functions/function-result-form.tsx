import { SelectField } from '../../../components/ui/select-field';
import { ResultForm } from './result-form';
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

/** A legacy call's result form: the result, and whether it goes as a `function` or a user message. */
export function FunctionResultForm({
  name,
  role,
  onRoleChange,
  onSend,
  initial = '',
  disabled,
}: FunctionResultFormProps) {
  return (
    <ResultForm name={name} initial={initial} disabled={disabled} onSend={onSend}>
      <SelectField
        layout="inline"
        label="Send as"
        selectClassName="w-auto text-xs"
        value={role}
        options={RESULT_ROLES}
        onChange={(next) => onRoleChange(next as ResultRole)}
      />
    </ResultForm>
  );
}
