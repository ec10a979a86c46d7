import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { ErrorPanel } from '../../components/ui/error-panel';
import { Field, INPUT_CLASS } from '../../components/ui/field';
import { PageFrame } from '../../components/ui/page-frame';
import { MAX_MODELS } from '../../lib/api';
import { modelsQueryOptions, useApi } from '../../stores';
import { filterModels } from './filter-models';
import { ModelsTable } from './models-table';

/** The active connection's models, filterable; each leads to its own page. */
export function ModelsPage() {
  const api = useApi();
  const query = useQuery(modelsQueryOptions(api));
  const [filter, setFilter] = useState('');
  const all = query.data?.data ?? [];
  const shown = filterModels(all, filter);

  return (
    <PageFrame
      title="Models"
      purpose="The models the active connection lists (GET /models); pick one for its details."
      actions={
        <Button size="sm" onClick={() => void query.refetch()} disabled={query.isFetching || !api.client}>
          {query.isFetching ? 'Refreshing…' : 'Refresh'}
        </Button>
      }
    >
      {api.client === null ? <p className="text-sm">{api.problem}</p> : null}
      {query.isError ? <ErrorPanel error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.isPending && api.client ? <p className="text-sm">Loading models…</p> : null}
      {query.isSuccess ? (
        <div className="flex max-w-4xl flex-col gap-3">
          <Field
            label="Filter"
            className="max-w-sm"
            hint={`${shown.length} of ${all.length} model${all.length === 1 ? '' : 's'}; matches id or owner`}
          >
            {(control) => (
              <input
                {...control}
                type="search"
                className={INPUT_CLASS}
                placeholder="e.g. svc or coder"
                value={filter}
                onChange={(e) => setFilter(e.target.value)}
              />
            )}
          </Field>
          {query.data.skipped > 0 ? (
            <p className="text-sm text-amber-800 dark:text-amber-300">
              {query.data.skipped} entr{query.data.skipped === 1 ? 'y' : 'ies'} of the server&apos;s list{' '}
              {query.data.skipped === 1 ? 'is' : 'are'} not shown: not a model with a text id, an id listed
              twice, or past the first {MAX_MODELS.toLocaleString('en-US')}.
            </p>
          ) : null}
          {shown.length > 0 ? (
            <ModelsTable models={shown} />
          ) : (
            <p className="text-sm">
              {all.length === 0
                ? 'This connection lists no models.'
                : `No model matches "${filter}". Clear the filter to see all ${all.length}.`}
            </p>
          )}
        </div>
      ) : null}
    </PageFrame>
  );
}
