import type { ListedModel as Model } from '../../lib/api';
import { createdInstant } from './model-dates';

function show(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** Every field of a model: the known ones in words, then the whole object as JSON. */
export function ModelFields({ model }: { model: Model }) {
  const entries = Object.entries(model).filter(([name]) => name !== 'description');
  return (
    <div className="flex flex-col gap-3">
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
        {entries.map(([name, value]) => (
          <div key={name} className="contents">
            <dt className="font-mono text-xs text-zinc-600 dark:text-zinc-400">{name}</dt>
            <dd className="font-mono break-all">
              {show(value)}
              {name === 'created' ? (
                <span className="ml-2 text-zinc-500 dark:text-zinc-400">
                  ({createdInstant(model.created) ?? 'unknown: the server sent no usable time'})
                </span>
              ) : null}
            </dd>
          </div>
        ))}
      </dl>
      <details open className="text-sm">
        <summary className="cursor-pointer text-xs font-medium text-zinc-700 dark:text-zinc-300">
          Raw JSON
        </summary>
        <pre
          aria-label="Raw model JSON"
          className="mt-1 overflow-auto rounded border border-zinc-300 bg-zinc-50 p-2 font-mono text-xs dark:border-zinc-700 dark:bg-zinc-900"
        >
          {JSON.stringify(model, null, 2)}
        </pre>
      </details>
    </div>
  );
}
