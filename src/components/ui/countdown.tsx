import { formatCountdown, secondsUntil } from '../../lib/connection';
import { safeDate } from '../../lib/api/safe-time';
import { useNow } from './use-now';

export interface CountdownProps {
  /** Epoch ms to count down to. */
  to: number;
  /** Shown once the time has passed. */
  doneLabel?: string;
  /** Classes of the clock time after the countdown (say, to show it only where there is room). */
  clockClassName?: string;
}

/**
 * A live "in 1m 15s" next to the clock time it counts to. Not a live region: announcing every
 * second would drown a screen reader; the clock time is what it reads. A time no Date can hold says
 * so instead of throwing: the edge refuses such times, but one stored by an older version must not
 * take the page down.
 */
export function Countdown({ to, doneLabel = 'now', clockClassName }: CountdownProps) {
  const date = safeDate(to);
  const now = useNow(1000, date ? to : undefined);
  if (!date) return <span>at an unknown time</span>;
  const seconds = secondsUntil(to, now);
  const clock = date.toLocaleTimeString();
  return (
    <time dateTime={date.toISOString()} title={clock} className="tabular-nums">
      {seconds > 0 ? (
        <>
          in {formatCountdown(seconds)}
          <span className={clockClassName}> ({clock})</span>
        </>
      ) : (
        doneLabel
      )}
    </time>
  );
}
