import { formatCountdown, secondsUntil } from '../../lib/connection';
import { useNow } from './use-now';

export interface CountdownProps {
  /** Epoch ms to count down to. */
  to: number;
  /** Shown once the time has passed. */
  doneLabel?: string;
}

/**
 * A live "in 1m 15s" next to the clock time it counts to. Not a live region: announcing every
 * second would drown a screen reader; the clock time is what it reads.
 */
export function Countdown({ to, doneLabel = 'now' }: CountdownProps) {
  const now = useNow(1000, to);
  const seconds = secondsUntil(to, now);
  const clock = new Date(to).toLocaleTimeString();
  return (
    <time dateTime={new Date(to).toISOString()} title={clock} className="tabular-nums">
      {seconds > 0 ? `in ${formatCountdown(seconds)} (${clock})` : doneLabel}
    </time>
  );
}
