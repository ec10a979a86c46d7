import { useState } from 'react';

export interface JsonTreeProps {
  value: unknown;
  /** Accessible name of the tree. */
  label: string;
  /** Levels open at first (default 2). */
  expandDepth?: number;
}

const SCALAR_TONE: Record<string, string> = {
  string: 'text-emerald-700 dark:text-emerald-400',
  number: 'text-sky-700 dark:text-sky-400',
  boolean: 'text-violet-700 dark:text-violet-400',
  null: 'text-zinc-500',
};

function Scalar({ value }: { value: unknown }) {
  const kind = value === null ? 'null' : typeof value;
  return <span className={SCALAR_TONE[kind] ?? ''}>{JSON.stringify(value)}</span>;
}

function summary(value: object): string {
  return Array.isArray(value) ? `[${value.length}]` : `{${Object.keys(value).length}}`;
}

interface NodeProps {
  name: string | null;
  value: unknown;
  depth: number;
  expandDepth: number;
  path: string;
}

function Node({ name, value, depth, expandDepth, path }: NodeProps) {
  const [open, setOpen] = useState(depth < expandDepth);
  const key = name === null ? null : <span className="text-zinc-700 dark:text-zinc-300">{name}: </span>;
  if (value === null || typeof value !== 'object') {
    return (
      <li role="treeitem" aria-selected={false} data-path={path}>
        {key}
        <Scalar value={value} />
      </li>
    );
  }
  const entries: [string, unknown][] = Array.isArray(value)
    ? value.map((v, i) => [String(i), v])
    : Object.entries(value);
  return (
    <li role="treeitem" aria-expanded={open} aria-selected={false} data-path={path}>
      <button
        type="button"
        className="rounded text-left hover:bg-zinc-200/60 focus-visible:ring-2 focus-visible:ring-sky-500 focus-visible:outline-none dark:hover:bg-zinc-800"
        aria-label={`${open ? 'Collapse' : 'Expand'} ${name ?? 'root'} ${summary(value)}`}
        onClick={() => setOpen(!open)}
      >
        <span aria-hidden="true" className="inline-block w-3 text-zinc-500">
          {open ? '▾' : '▸'}
        </span>
        {key}
        <span className="text-zinc-500">{summary(value)}</span>
      </button>
      {open && entries.length > 0 ? (
        <ul role="group" className="ml-4 border-l border-zinc-200 pl-2 dark:border-zinc-700">
          {entries.map(([k, v]) => (
            <Node
              key={k}
              name={Array.isArray(value) ? `[${k}]` : k}
              value={v}
              depth={depth + 1}
              expandDepth={expandDepth}
              path={Array.isArray(value) ? `${path}[${k}]` : path ? `${path}.${k}` : k}
            />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/**
 * The playground's one JSON tree: objects and arrays collapse and expand (button per node, keyboard
 * reachable), scalars are coloured by type. Used for function arguments, JSON replies and the wire pane.
 */
export function JsonTree({ value, label, expandDepth = 2 }: JsonTreeProps) {
  return (
    <ul role="tree" aria-label={label} className="font-mono text-xs leading-5">
      <Node name={null} value={value} depth={0} expandDepth={expandDepth} path="" />
    </ul>
  );
}
