import { useQuery } from '@tanstack/react-query';
import { Button } from '../../components/ui/button';
import { StatusDot } from '../../components/ui/status-dot';
import { modelsQueryOptions, useApi } from '../../stores';
import { describeHealth } from './describe-health';

/**
 * The active connection's health: a cheap `GET /models`, refetched when the connection changes (its
 * base URL and key are in the query key) and on demand.
 */
export function HealthIndicator() {
  const api = useApi();
  const query = useQuery(modelsQueryOptions(api));
  const view = describeHealth({
    hasConnection: api.connectionId !== null,
    problem: api.problem,
    baseURL: api.baseURL,
    hasKey: api.keyFingerprint !== 'none',
    isFetching: query.isFetching,
    modelCount: query.data ? query.data.data.length : null,
    error: query.error,
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
        onClick={() => void query.refetch()}
        disabled={api.client === null || query.isFetching}
        aria-label="Re-check connection"
        title="Re-check connection"
      >
        <span aria-hidden="true">↻</span>
      </Button>
    </div>
  );
}
