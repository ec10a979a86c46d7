import { Link } from 'react-router';
import type { ListedModel as Model } from '../../lib/api';
import { FOCUS_RING } from '../../components/ui/button';
import { describeContextLength, useContextLength } from '../../stores/use-context-length';
import { purposeWords } from './purpose-words';
import { createdDate, createdInstant } from './model-dates';

export interface ModelsTableProps {
  models: Model[];
}

/** The model list as a table; each id links to the model's own page. */
export function ModelsTable({ models }: ModelsTableProps) {
  const contextOf = useContextLength();
  return (
    <table className="w-full border-collapse text-sm">
      <thead>
        <tr className="border-b border-zinc-300 text-left text-xs text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
          <th scope="col" className="py-1 pr-4 font-medium">
            id
          </th>
          <th scope="col" className="py-1 pr-4 font-medium">
            owner
          </th>
          <th scope="col" className="py-1 pr-4 font-medium">
            for
          </th>
          <th scope="col" className="py-1 pr-4 font-medium">
            context
          </th>
          <th scope="col" className="py-1 font-medium">
            created (UTC)
          </th>
        </tr>
      </thead>
      <tbody>
        {models.map((model) => (
          <tr key={model.id} className="border-b border-zinc-200 dark:border-zinc-800">
            <td className="py-1 pr-4 font-mono">
              <Link
                to={`/models/${encodeURIComponent(model.id)}`}
                className={`rounded text-sky-700 hover:underline dark:text-sky-400 ${FOCUS_RING}`}
              >
                {model.id}
              </Link>
            </td>
            <td className="py-1 pr-4 font-mono">{model.owned_by}</td>
            <td className="py-1 pr-4">{purposeWords(model.id)}</td>
            <td className="py-1 pr-4 font-mono tabular-nums">
              <ContextCell context={contextOf(model)} />
            </td>
            <td className="py-1 font-mono">
              {model.created === null ? (
                <span title="The server sent no usable creation time">unknown</span>
              ) : (
                <time dateTime={createdInstant(model.created)} title={createdInstant(model.created)}>
                  {createdDate(model.created)}
                </time>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Tokens the model takes, when known; words saying it is not, rather than a bare dash. */
function ContextCell({ context }: { context: ReturnType<ReturnType<typeof useContextLength>> }) {
  if (context === null)
    return (
      <span className="font-sans text-xs text-zinc-600 dark:text-zinc-400">
        {describeContextLength(null)}
      </span>
    );
  if (context.source === 'local-service')
    return (
      <span title="The local service enforces this limit; its model list does not state it">
        {describeContextLength(context)}
      </span>
    );
  return <>{describeContextLength(context)}</>;
}
