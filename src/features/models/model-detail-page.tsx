import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { FOCUS_RING } from '../../components/ui/button';
import { ErrorPanel } from '../../components/ui/error-panel';
import { PageFrame } from '../../components/ui/page-frame';
import { modelQueryOptions, useApi } from '../../stores';
import { ModelFields } from './model-fields';
import { OpenInActions } from './open-in-actions';
import { describeContextLength, useContextLength } from '../../stores/use-context-length';
import { purposeWords } from './purpose-words';

export interface ModelDetailPageProps {
  /** The model id from the URL, already decoded. */
  modelId: string;
}

/** One model retrieved (`GET /models/{id}`): its description, every field, and where to use it. */
export function ModelDetailPage({ modelId }: ModelDetailPageProps) {
  const api = useApi();
  const query = useQuery(modelQueryOptions(api, modelId));
  const contextOf = useContextLength();

  return (
    <PageFrame
      title={`Model ${modelId}`}
      purpose="Retrieved from the active connection (GET /models/{id})."
      actions={query.isSuccess ? <OpenInActions modelId={modelId} /> : null}
    >
      <Link
        to="/models"
        className={`w-fit rounded text-sm text-sky-700 hover:underline dark:text-sky-400 ${FOCUS_RING}`}
      >
        ← All models
      </Link>
      {api.client === null ? <p className="text-sm">{api.problem}</p> : null}
      {query.isPending && api.client ? <p className="text-sm">Retrieving {modelId}…</p> : null}
      {query.isError ? <ErrorPanel error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.isSuccess ? (
        <div className="flex max-w-4xl flex-col gap-4">
          <p className="text-sm">
            {query.data.description ?? (
              <span className="text-zinc-500 dark:text-zinc-400">The server gave no description.</span>
            )}
          </p>
          <dl className="grid w-fit grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-zinc-600 dark:text-zinc-400">For</dt>
            <dd>{purposeWords(query.data.id)}</dd>
            <dt className="text-zinc-600 dark:text-zinc-400">Context length</dt>
            <dd className="font-mono">{describeContextLength(contextOf(query.data))}</dd>
          </dl>
          <ModelFields model={query.data} />
        </div>
      ) : null}
    </PageFrame>
  );
}
