import { useState, type ReactNode } from 'react';
import { Button } from '../ui/button';
import { CopyButton } from '../ui/copy-button';
import { JsonTree } from './json-tree';

export interface JsonViewProps {
  value: unknown;
  /** The text as received; shown in the raw view and copied. Defaults to pretty JSON of `value`. */
  raw?: string;
  label: string;
  expandDepth?: number;
  /** Extra controls in the toolbar. */
  actions?: ReactNode;
}

/** A JSON value as a collapsible tree, with a raw view and a copy button. */
export function JsonView({ value, raw, label, expandDepth, actions }: JsonViewProps) {
  const [mode, setMode] = useState<'tree' | 'raw'>('tree');
  const text = raw ?? JSON.stringify(value, null, 2);
  return (
    <div role="group" aria-label={label} className="flex flex-col gap-1">
      <div className="flex flex-wrap items-center gap-1">
        <Button size="sm" variant="ghost" aria-pressed={mode === 'tree'} onClick={() => setMode('tree')}>
          Tree
        </Button>
        <Button size="sm" variant="ghost" aria-pressed={mode === 'raw'} onClick={() => setMode('raw')}>
          Raw
        </Button>
        <CopyButton text={text} />
        {actions}
      </div>
      {mode === 'tree' ? (
        <JsonTree
          value={value}
          label={`${label} tree`}
          {...(expandDepth !== undefined ? { expandDepth } : {})}
        />
      ) : (
        <pre className="overflow-x-auto rounded bg-zinc-100 p-2 font-mono text-xs whitespace-pre-wrap dark:bg-zinc-900">
          {text}
        </pre>
      )}
    </div>
  );
}
