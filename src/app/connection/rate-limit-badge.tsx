import { Countdown } from '../../components/ui/countdown';
import { useActivity, useApi } from '../../stores';

/** The latest rate-limit state seen on any response from the active server, with a reset countdown. */
export function RateLimitBadge() {
  const { baseURL } = useApi();
  const sighting = useActivity((s) => s.latestRateLimit);
  if (!sighting || sighting.baseURL !== baseURL) return null;
  const { limit, remaining, resetAt, resetRaw } = sighting.state;
  const count =
    remaining !== null && limit !== null
      ? `${remaining}/${limit}`
      : remaining !== null
        ? `${remaining} left`
        : '?';
  return (
    <p className="text-xs text-zinc-600 dark:text-zinc-400" data-testid="rate-limit">
      <span className="font-medium">Rate limit</span> <span className="tabular-nums">{count}</span>{' '}
      <span>({sighting.endpoint})</span>
      {resetAt !== null ? (
        <>
          {' '}
          · resets <Countdown to={resetAt} />
        </>
      ) : resetRaw ? (
        <> · reset {resetRaw}</>
      ) : null}
    </p>
  );
}
