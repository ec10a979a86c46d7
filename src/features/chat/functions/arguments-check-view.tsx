import { JsonTree } from '../../../components/json-view';
import type { ReactNode } from 'react';
import type { ArgumentsCheck, ArgumentViolation } from '../../../lib/function-schema';

/** The text with a visible marker at the break position. */
export function BrokenJson({ text, offset, label }: { text: string; offset: number; label: string }) {
  return (
    <pre
      aria-label={label}
      className="overflow-x-auto rounded bg-zinc-100 p-2 font-mono text-xs whitespace-pre-wrap dark:bg-zinc-900"
    >
      {text.slice(0, offset)}
      <mark
        data-testid="json-break"
        className="rounded bg-red-200 px-0.5 text-red-900 dark:bg-red-900 dark:text-red-100"
      >
        {text.slice(offset, offset + 1) || '⟂'}
      </mark>
      {text.slice(offset + 1)}
    </pre>
  );
}

/** Arguments as a JSON tree with the result of validating them, or raw with the parse error's position. */
export function ArgumentsCheckView({ check, functionName }: { check: ArgumentsCheck; functionName: string }) {
  if (check.kind === 'invalid-json') {
    const { line, column, offset } = check.position;
    return (
      <div className="flex flex-col gap-1">
        <p role="alert" className="text-xs text-red-700 dark:text-red-400">
          The arguments are not valid JSON: {check.message} at line {line}, column {column}.
        </p>
        <BrokenJson text={check.raw} offset={offset} label="Arguments as received" />
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-1">
      <JsonTree value={check.value} label={`Arguments of ${functionName}`} />
      {!check.checked ? (
        <p className="text-xs text-zinc-500" data-part-pending={check.pending ? '' : undefined}>
          {check.note}
        </p>
      ) : (
        <SchemaVerdict
          violations={check.violations}
          matches={`The arguments match the parameters of ${functionName}.`}
          breaks={`The arguments break the parameters of ${functionName}:`}
          listLabel="Argument violations"
          root="(arguments)"
        />
      )}
    </div>
  );
}

/**
 * What a check against a JSON schema found: a ✓ line when nothing breaks it, else each violation
 * with its path (`root` names the checked value itself).
 */
export function SchemaVerdict({
  violations,
  matches,
  breaks,
  listLabel,
  root,
}: {
  violations: readonly ArgumentViolation[];
  matches: ReactNode;
  breaks: ReactNode;
  /** Names the list of violations. */
  listLabel: string;
  root: string;
}) {
  if (violations.length === 0)
    return (
      <p role="status" className="text-xs text-emerald-700 dark:text-emerald-400">
        ✓ {matches}
      </p>
    );
  return (
    <div role="alert" className="text-xs text-red-700 dark:text-red-400">
      <p>{breaks}</p>
      <ul aria-label={listLabel} className="list-disc pl-4">
        {violations.map((v, i) => (
          <li key={i}>
            <code>{v.path || root}</code> {v.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
