import { JsonView } from '../../components/json-view';
import { checkArguments } from '../../lib/function-schema';
import { useSchemaChecker } from '../../stores';
import type { FunctionCall, FunctionDefinition } from '../../protocol/wire';

const BAD = 'text-red-700 dark:text-red-400';
const GOOD = 'text-emerald-800 dark:text-emerald-300';

/**
 * A reply's function call: the name, and its arguments checked against the function's `parameters`
 * once they have all arrived (invalid JSON says where; each mismatch with the schema is listed).
 */
export function FunctionCallView({
  call,
  definition,
  arriving,
  label,
}: {
  call: FunctionCall;
  definition: FunctionDefinition | undefined;
  arriving: boolean;
  label: string;
}) {
  useSchemaChecker(); // renders again when the checker arrives
  const check = arriving ? null : checkArguments(call.arguments, definition);
  return (
    <section
      aria-label={`Function call of ${label}`}
      className="flex flex-col gap-1 rounded border border-zinc-200 p-2 text-xs dark:border-zinc-700"
    >
      <p>
        Calls <span className="font-mono font-medium">{call.name}</span>
        {arriving ? ' (arguments arriving…)' : null}
      </p>
      {check?.kind === 'invalid-json' ? (
        <p className={BAD}>
          ✗ The arguments are not valid JSON: {check.message} (line {check.position.line}, column{' '}
          {check.position.column}).
        </p>
      ) : null}
      {check?.kind === 'parsed' ? (
        <>
          {check.checked ? (
            check.violations.length === 0 ? (
              <p className={GOOD}>✓ The arguments match the function’s parameters.</p>
            ) : (
              <>
                <p className={BAD}>
                  ✗ The arguments break the function’s parameters ({check.violations.length} problem
                  {check.violations.length === 1 ? '' : 's'}):
                </p>
                <ul className={`list-disc pl-4 ${BAD}`}>
                  {check.violations.map((v, i) => (
                    <li key={i}>
                      <span className="font-mono">{v.path || '(the whole object)'}</span> {v.message}
                    </li>
                  ))}
                </ul>
              </>
            )
          ) : (
            <p
              className="text-zinc-600 dark:text-zinc-400"
              data-part-pending={check.pending ? '' : undefined}
            >
              {check.note}
            </p>
          )}
          <JsonView
            value={check.value}
            raw={call.arguments}
            label={`Arguments of ${label}`}
            expandDepth={2}
          />
        </>
      ) : null}
      {arriving ? <pre className="font-mono whitespace-pre-wrap">{call.arguments}</pre> : null}
    </section>
  );
}
