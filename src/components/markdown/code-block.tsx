import { useEffect, useRef, useState, type ComponentPropsWithoutRef, type ReactElement } from 'react';

type CopyState = 'idle' | 'copied' | 'failed';

/** Reads `language-x` from the `<code>` child that react-markdown puts inside a fenced `<pre>`. */
function languageOf(children: unknown): string | null {
  const child = children as ReactElement<{ className?: string }> | null;
  const className = child?.props?.className ?? '';
  return /(?:^|\s)language-([\w+#.-]+)/.exec(className)?.[1] ?? null;
}

/**
 * A fenced code block: the language as a label and a copy button that says whether copying worked.
 * Used as react-markdown's `pre` component; the highlighted `<code>` arrives as `children`.
 */
export function CodeBlock({
  children,
  node: _node,
  ...rest
}: ComponentPropsWithoutRef<'pre'> & { node?: unknown }) {
  const preRef = useRef<HTMLPreElement>(null);
  const [state, setState] = useState<CopyState>('idle');
  const language = languageOf(children);

  useEffect(() => {
    if (state === 'idle') return undefined;
    const timer = setTimeout(() => setState('idle'), 2000);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = async () => {
    const text = preRef.current?.textContent ?? '';
    try {
      if (!navigator.clipboard) throw new Error('Clipboard API unavailable');
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      // Clipboard access needs a secure context and permission; say so rather than fail silently.
      setState('failed');
    }
  };

  const label = state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : 'Copy';
  return (
    <div className="md-code-block not-prose my-3 overflow-hidden rounded-md border border-neutral-300 dark:border-neutral-700">
      <div className="flex items-center justify-between bg-neutral-100 px-3 py-1 text-xs text-neutral-600 dark:bg-neutral-800 dark:text-neutral-300">
        <span className="font-mono">{language ?? 'text'}</span>
        <button
          type="button"
          onClick={() => void copy()}
          aria-label={state === 'idle' ? `Copy ${language ?? 'code'} to clipboard` : label}
          className="rounded px-2 py-0.5 hover:bg-neutral-200 focus-visible:outline-2 dark:hover:bg-neutral-700"
        >
          {label}
        </button>
        <span role="status" className="sr-only">
          {state === 'copied'
            ? 'Code copied to clipboard'
            : state === 'failed'
              ? 'Could not copy: clipboard access was refused'
              : ''}
        </span>
      </div>
      <pre ref={preRef} {...rest} className="overflow-x-auto p-3 text-sm">
        {children}
      </pre>
    </div>
  );
}
