import { useState } from 'react';
import { INPUT_CLASS } from '../../components/ui/field';
import type { DefinitionsCheck } from '../../lib/function-schema';

/** The function definitions variants may send (each variant turns them on or off), checked as typed. */
export function FunctionsEditor({
  text,
  check,
  onChange,
}: {
  text: string;
  check: DefinitionsCheck;
  onChange: (text: string) => void;
}) {
  const count = check.definitions?.length ?? 0;
  // Open at first when there are definitions; after that the person opens and closes it.
  const [initiallyOpen] = useState(text.trim() !== '');
  return (
    <details className="text-sm" open={initiallyOpen}>
      <summary className="cursor-pointer">
        Functions{' '}
        <span className="text-xs text-zinc-600 dark:text-zinc-400">
          (
          {check.problems.length > 0
            ? 'not valid'
            : check.pending !== null
              ? 'not checked yet'
              : `${count} defined`}
          ; a variant sends them when its “functions” box is ticked)
        </span>
      </summary>
      <label className="mt-1 flex flex-col text-xs">
        Function definitions (a JSON array, as in a request’s “functions”)
        <textarea
          className={`${INPUT_CLASS} font-mono text-xs`}
          rows={5}
          spellCheck={false}
          value={text}
          aria-invalid={check.problems.length > 0 ? true : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
      </label>
      {check.problems.length > 0 ? (
        <ul role="alert" className="mt-1 list-disc pl-4 text-xs text-red-700 dark:text-red-400">
          {check.problems.map((p, i) => (
            <li key={i}>
              line {p.line}: {p.message}
            </li>
          ))}
        </ul>
      ) : null}
    </details>
  );
}
