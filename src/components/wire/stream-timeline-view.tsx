import { formatMs } from '../../lib/chat/metrics';
import { formatBytes } from '../../lib/format-bytes';
import { formatOffset, streamTimeline, timeTicks, type ExchangeRecord } from '../../lib/wire-log';

/**
 * Time to first byte and token, a chart of chunk arrivals on a time axis (height: bytes) with the
 * longest gap shaded, tokens/s, chunk sizes, and a warning when the stream was held back.
 */
export function StreamTimelineView({ record }: { record: ExchangeRecord }) {
  const t = streamTimeline(record);
  const width = 300;
  const height = 60;
  const span = Math.max(t.totalMs ?? 0, 1);
  const maxBytes = Math.max(1, ...t.points.map((p) => p.bytes));
  const x = (offsetMs: number) => (offsetMs / span) * width;
  const gap = t.largestGap;
  return (
    <div className="flex flex-col gap-1 text-xs">
      <dl className="grid grid-cols-[auto_1fr] gap-x-2">
        <dt>Time to first byte</dt>
        <dd className="tabular-nums">{formatMs(t.ttfbMs)}</dd>
        <dt>Time to first token</dt>
        <dd className="tabular-nums">{formatMs(t.firstTokenMs)}</dd>
        <dt>Total</dt>
        <dd className="tabular-nums">
          {formatMs(t.totalMs)} · {t.points.length} chunks · {t.totalBytes} bytes
        </dd>
        <dt>Tokens per second</dt>
        <dd className="tabular-nums">
          {t.tokensPerSecond === null ? '—' : t.tokensPerSecond.toFixed(1)} ({t.tokens} tokens,{' '}
          {t.tokensCounted === 'usage' ? 'from usage' : 'estimated from the text, as in the reply'})
        </dd>
        <dt>Largest gap</dt>
        <dd className="tabular-nums">
          {gap === null ? '—' : `${formatMs(gap.ms)}, ending at ${formatOffset(gap.endedAtMs)}`}
        </dd>
        <dt>Chunk size</dt>
        <dd className="tabular-nums">
          {t.chunkBytes === null
            ? '—'
            : `median ${formatBytes(t.chunkBytes.median)}, largest ${formatBytes(t.chunkBytes.largest)}`}
          {t.replyReads > 0 ? ` · ${t.replyEvents} reply events in ${t.replyReads} reads` : ''}
        </dd>
      </dl>
      <figure className="m-0">
        <svg
          role="img"
          aria-label={`Chunk arrivals: ${t.points.length} chunks over ${formatMs(t.totalMs)}${
            gap ? `; largest gap ${formatMs(gap.ms)}` : ''
          }`}
          viewBox={`0 0 ${width} ${height}`}
          // Stretched to the pane's width so the axis below lines up with it by percentage.
          preserveAspectRatio="none"
          className="block h-16 w-full rounded-t bg-zinc-100 dark:bg-zinc-900"
        >
          {gap ? (
            <rect
              data-testid="largest-gap"
              x={x(gap.endedAtMs - gap.ms)}
              y={0}
              width={Math.max(1, x(gap.ms))}
              height={height}
              className="fill-amber-200/70 dark:fill-amber-700/40"
            />
          ) : null}
          {t.points.map((p, i) => {
            const h = Math.max(1, (p.bytes / maxBytes) * (height - 4));
            return (
              <rect
                key={i}
                x={Math.min(width - 1.5, x(p.offsetMs))}
                y={height - h}
                width={1.5}
                height={h}
                className="fill-sky-600 dark:fill-sky-400"
              />
            );
          })}
        </svg>
        <TimeAxis spanMs={span} />
      </figure>
      {t.buffered ? (
        <p role="alert" className="text-amber-700 dark:text-amber-400">
          Almost all bytes arrived at the very end: something between the browser and the server (a proxy,
          compression, or the server itself) is buffering the stream, so text cannot appear as it is written.
        </p>
      ) : null}
      {t.bursty ? (
        <p role="alert" className="text-amber-700 dark:text-amber-400">
          The reply arrived in blocks ({t.replyEvents} events in {t.replyReads} reads, about{' '}
          {Math.round(t.replyEvents / t.replyReads)} per read) rather than as it was written: a proxy or
          compression between the browser and the server is holding the stream back and releasing it in
          bursts.
        </p>
      ) : null}
    </div>
  );
}

/** Tick labels under the chart, placed by percentage of the span (the chart is as wide as the pane). */
function TimeAxis({ spanMs }: { spanMs: number }) {
  const ticks = timeTicks(spanMs);
  return (
    <div
      aria-hidden="true"
      data-testid="time-axis"
      className="relative h-4 border-t border-zinc-400 text-[10px] text-zinc-600 tabular-nums dark:border-zinc-500 dark:text-zinc-400"
    >
      {ticks.map((tick, i) => {
        const at = (tick / spanMs) * 100;
        // The last labels align right so they never run past the chart's edge.
        const alignRight = at > 85;
        return (
          <span
            key={tick}
            className="absolute top-0 border-l border-zinc-400 pl-0.5 whitespace-nowrap dark:border-zinc-500"
            style={
              alignRight
                ? { right: `${100 - at}%`, borderLeft: 'none', borderRight: '1px solid', paddingRight: 2 }
                : { left: `${at}%` }
            }
          >
            {i === 0 ? '0' : formatOffset(tick)}
          </span>
        );
      })}
    </div>
  );
}
