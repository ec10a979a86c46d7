import { JsonView } from '../../components/json-view';
import type { JsonReplyCheck } from '../../lib/compare/json-reply';

const BAD = 'text-red-700 dark:text-red-400';
const GOOD = 'text-emerald-800 dark:text-emerald-300';

/**
 * What a JSON-mode reply amounts to, in words and marks (not colour alone): unfinished, invalid
 * (where), valid, and whether it matches the schema; a valid one is shown as a tree.
 */
export function JsonReplyView({ check, raw, label }: { check: JsonReplyCheck; raw: string; label: string }) {
  if (check.kind === 'incomplete')
    return <p className="text-xs text-zinc-600 dark:text-zinc-400">JSON: unfinished so far.</p>;
  if (check.kind === 'invalid-json')
    return (
      <p className={`text-xs ${BAD}`}>
        ✗ Not valid JSON: {check.message} (line {check.position.line}, column {check.position.column}).
      </p>
    );
  const { violations } = check;
  return (
    <div className="flex flex-col gap-1">
      <p className="text-xs">
        <span className={GOOD}>✓ Valid JSON</span>
        {check.checked ? (
          violations.length === 0 ? (
            <span className={GOOD}>; ✓ matches the schema</span>
          ) : (
            <span className={BAD}>
              ; ✗ does not match the schema ({violations.length} problem{violations.length === 1 ? '' : 's'})
            </span>
          )
        ) : null}
        {check.note ? (
          <span
            className="text-zinc-600 dark:text-zinc-400"
            data-part-pending={check.kind === 'parsed' && check.pending ? '' : undefined}
          >
            ; {check.note}
          </span>
        ) : null}
      </p>
      {violations.length > 0 ? (
        <ul className={`list-disc pl-4 text-xs ${BAD}`}>
          {violations.map((v, i) => (
            <li key={i}>
              <span className="font-mono">{v.path || '(the whole value)'}</span> {v.message}
            </li>
          ))}
        </ul>
      ) : null}
      <JsonView value={check.value} raw={raw} label={`JSON of ${label}`} expandDepth={2} />
    </div>
  );
}
