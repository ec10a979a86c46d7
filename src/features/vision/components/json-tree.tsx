export interface JsonTreeProps {
  value: unknown;
  /** The key or index this value sits under; omitted for the root. */
  name?: string;
}

function Scalar({ value }: { value: unknown }) {
  if (typeof value === 'string')
    return <span className="break-all text-emerald-700 dark:text-emerald-400">{JSON.stringify(value)}</span>;
  if (typeof value === 'number') return <span className="text-sky-700 dark:text-sky-400">{value}</span>;
  if (typeof value === 'boolean')
    return <span className="text-violet-700 dark:text-violet-400">{String(value)}</span>;
  return <span className="text-zinc-500">null</span>;
}

/** A JSON value as a collapsible tree (native details/summary, so it works with the keyboard). */
export function JsonTree({ value, name }: JsonTreeProps) {
  const label =
    name === undefined ? null : <span className="text-zinc-700 dark:text-zinc-300">{name}: </span>;
  if (value === null || typeof value !== 'object') {
    return (
      <div className="pl-4 font-mono text-xs">
        {label}
        <Scalar value={value} />
      </div>
    );
  }
  const entries = Array.isArray(value)
    ? value.map((item, i) => [String(i), item] as const)
    : Object.entries(value as Record<string, unknown>);
  const summary = Array.isArray(value) ? `[${entries.length}]` : `{${entries.length}}`;
  return (
    <details open className="pl-4 font-mono text-xs">
      <summary className="-ml-4 cursor-pointer">
        {label}
        <span className="text-zinc-500">{summary}</span>
      </summary>
      {entries.map(([key, item]) => (
        <JsonTree key={key} name={key} value={item} />
      ))}
    </details>
  );
}
