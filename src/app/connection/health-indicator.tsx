import { useQuery } from '@tanstack/react-query';
import { Button } from '../../components/ui/button';
import { StatusDot } from '../../components/ui/status-dot';
import { localHealthQueryOptions, modelsQueryOptions, useApi } from '../../stores';
import { describeHealth } from './describe-health';

/**
 * The active connection's health: a cheap `GET /models`, refetched when the connection changes (its
 * base URL and key are in the query key) and on demand.
 */
export function HealthIndicator() {
  const api = useApi();
  const query = useQuery(modelsQueryOptions(api));
  const local = useQuery(localHealthQueryOptions(api));
  const view = describeHealth({
    hasConnection: api.connectionId !== null,
    problem: api.problem,
    baseURL: api.baseURL,
    hasKey: api.keyFingerprint !== 'none',
    isFetching: query.isFetching || local.isFetching,
    modelCount: query.data ? query.data.data.length : null,
    error: query.error,
    // A report that could not be had (an older service, a refused key) leaves the model list to speak.
    local: local.data ?? null,
  });
  return (
    <div className="flex items-center gap-1.5">
      <p role="status" className="flex items-center gap-1.5 text-sm" title={view.detail} data-testid="health">
        <StatusDot tone={view.tone} />
        <span>{view.label}</span>
        <span className="sr-only">. {view.detail}</span>
      </p>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => {
          void query.refetch();
          if (api.localService) void local.refetch();
        }}
        disabled={api.client === null || query.isFetching}
        aria-label="Re-check connection"
        title="Re-check connection"
      >
        <span aria-hidden="true">↻</span>
      </Button>
    </div>
  );
}
