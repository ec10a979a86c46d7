import type { InvalidParameter } from '../session';
import { lowerFirst } from './use-parameter-problem';

/** Moves focus to a parameter's field (the panel marks each with `data-param`); focus scrolls it into view. */
function focusParameter(name: string): void {
  document.querySelector<HTMLElement>(`[data-param="${CSS.escape(name)}"] input`)?.focus();
}

/**
 * "Fix temperature: must be …" beside Send, each name a button to its field: on a small screen
 * the field may be far from the message box.
 */
export function ParameterProblems({ invalid }: { invalid: Readonly<Record<string, InvalidParameter>> }) {
  return Object.entries(invalid).map(([name, { reason }], index) => (
    <span key={name}>
      {index > 0 ? ' ' : null}
      Fix{' '}
      <button
        type="button"
        className="font-mono underline hover:no-underline focus-visible:outline-2 focus-visible:outline-sky-600"
        title={`Go to the ${name} field`}
        onClick={() => focusParameter(name)}
      >
        {name}
      </button>
      : {lowerFirst(reason)}
    </span>
  ));
}
