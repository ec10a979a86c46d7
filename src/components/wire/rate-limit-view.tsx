import { useActivity, type ApiEndpoint } from '../../stores';
import { Countdown } from '../ui/countdown';

const ENDPOINTS: ApiEndpoint[] = ['chat', 'code', 'vision', 'audio', 'models'];

/** The `X-RateLimit-*` state of the last response of each endpoint, as a bar with a reset countdown. */
export function RateLimitView({ baseURL }: { baseURL: string }) {
  const byEndpoint = useActivity((s) => s.rateLimitByEndpoint);
  const seen = ENDPOINTS.flatMap((e) => {
    const sighting = byEndpoint[e];
    return sighting && sighting.baseURL === baseURL ? [sighting] : [];
  });
  if (seen.length === 0)
    return <p className="text-xs text-zinc-500">No response with rate-limit headers yet.</p>;
  return (
    <ul aria-label="Rate limits" className="flex flex-col gap-1 text-xs">
      {seen.map((sighting) => {
        const { limit, remaining, resetAt, resetRaw } = sighting.state;
        const share = limit && remaining !== null ? Math.max(0, Math.min(1, remaining / limit)) : null;
        return (
          <li key={sighting.endpoint}>
            <div className="flex justify-between">
              <span className="font-mono">{sighting.endpoint}</span>
              <span className="tabular-nums">
                {remaining ?? '?'} / {limit ?? '?'} left
              </span>
            </div>
            <div
              role="meter"
              aria-label={`${sighting.endpoint} requests remaining`}
              aria-valuemin={0}
              aria-valuemax={limit ?? 0}
              aria-valuenow={remaining ?? 0}
              className="h-1.5 rounded bg-zinc-200 dark:bg-zinc-800"
            >
              <div
                className={`h-1.5 rounded ${share !== null && share < 0.2 ? 'bg-red-600' : 'bg-emerald-600'}`}
                style={{ width: `${(share ?? 0) * 100}%` }}
              />
            </div>
            <span className="text-zinc-500">
              resets{' '}
              {resetAt !== null ? <Countdown to={resetAt} /> : `(unreadable: ${resetRaw ?? 'not sent'})`}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
