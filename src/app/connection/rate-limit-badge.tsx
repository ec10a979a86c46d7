import { Countdown } from '../../components/ui/countdown';
import { useActivity, useApi } from '../../stores';

// Ranges, not overrides: which of two breakpoint variants wins depends on the order of their CSS.
const ROOM_FOR_DETAILS = 'sr-only sm:max-xl:not-sr-only min-[1400px]:not-sr-only';

/** How close the server's limit is: colour alone never says it, the words do too. */
type Level = 'ok' | 'low' | 'exhausted';

const LEVEL_CLASS: Record<Level, string> = {
  ok: 'text-zinc-600 dark:text-zinc-400',
  low: 'rounded bg-amber-100 px-1 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100',
  exhausted: 'rounded bg-red-100 px-1 text-red-900 dark:bg-red-900/60 dark:text-red-100',
};

const LEVEL_WORDS: Record<Level, string | null> = {
  ok: null,
  low: 'running low',
  exhausted: 'none left: requests wait for the reset',
};

function levelOf(remaining: number | null, limit: number | null): Level {
  if (remaining === null) return 'ok';
  if (remaining <= 0) return 'exhausted';
  // A tenth of the window (at least one request) left is worth a glance before a burst of sends.
  return limit !== null && remaining <= Math.max(1, Math.floor(limit / 10)) ? 'low' : 'ok';
}

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
  const level = levelOf(remaining, limit);
  const words = LEVEL_WORDS[level];
  return (
    // On a phone only the count and its warning show, so the header keeps to three rows. From xl the
    // header is one row, which has room for the endpoint and the countdown from 1400 px and for the
    // label and the clock time from 2xl; narrower, they would push Settings onto a row of its own.
    // What is hidden is still read out, and the Wire tab's rate limits show it in full.
    <p
      className={`text-xs ${LEVEL_CLASS[level]}`}
      data-testid="rate-limit"
      data-level={level}
      title={`Rate limit ${count} (${sighting.endpoint})`}
    >
      <span className="sr-only font-medium sm:max-xl:not-sr-only 2xl:not-sr-only">Rate limit </span>
      <span className="tabular-nums">{count}</span>
      <span className={ROOM_FOR_DETAILS}> ({sighting.endpoint})</span>
      {words ? <span className="font-semibold"> {words}</span> : null}
      <span className={ROOM_FOR_DETAILS}>
        {resetAt !== null ? (
          <>
            {' '}
            · resets <Countdown to={resetAt} clockClassName="xl:max-2xl:sr-only" />
          </>
        ) : resetRaw ? (
          <> · reset {resetRaw}</>
        ) : null}
      </span>
    </p>
  );
}
