import { streamTimeline, type ExchangeRecord } from '../../lib/wire-log';

const ms = (value: number | null) => (value === null ? '—' : `${Math.round(value)} ms`);

/** Time to first byte and token, a chart of chunk arrivals (x: time, height: bytes), tokens/s, buffering. */
export function StreamTimelineView({ record }: { record: ExchangeRecord }) {
  const t = streamTimeline(record);
  const width = 300;
  const height = 60;
  const span = Math.max(t.totalMs ?? 0, 1);
  const maxBytes = Math.max(1, ...t.points.map((p) => p.bytes));
  return (
    <div className="flex flex-col gap-1 text-xs">
      <dl className="grid grid-cols-[auto_1fr] gap-x-2">
        <dt>Time to first byte</dt>
        <dd className="tabular-nums">{ms(t.ttfbMs)}</dd>
        <dt>Time to first token</dt>
        <dd className="tabular-nums">{ms(t.firstTokenMs)}</dd>
        <dt>Total</dt>
        <dd className="tabular-nums">
          {ms(t.totalMs)} · {t.points.length} chunks · {t.totalBytes} bytes
        </dd>
        <dt>Tokens per second</dt>
        <dd className="tabular-nums">
          {t.tokensPerSecond === null ? '—' : t.tokensPerSecond.toFixed(1)} ({t.tokens} tokens,{' '}
          {t.tokensCounted === 'usage' ? 'from usage' : 'estimated from the text, as in the reply'})
        </dd>
      </dl>
      <svg
        role="img"
        aria-label={`Chunk arrivals: ${t.points.length} chunks over ${ms(t.totalMs)}`}
        viewBox={`0 0 ${width} ${height}`}
        className="h-16 w-full rounded bg-zinc-100 dark:bg-zinc-900"
      >
        {t.points.map((p, i) => {
          const x = (p.offsetMs / span) * (width - 2) + 1;
          const h = Math.max(1, (p.bytes / maxBytes) * (height - 4));
          return (
            <rect
              key={i}
              x={x}
              y={height - h}
              width={1.5}
              height={h}
              className="fill-sky-600 dark:fill-sky-400"
            />
          );
        })}
      </svg>
      {t.buffered ? (
        <p role="alert" className="text-amber-700 dark:text-amber-400">
          Almost all bytes arrived at the very end: something between the browser and the server (a proxy,
          compression, or the server itself) is buffering the stream, so text cannot appear as it is written.
        </p>
      ) : null}
    </div>
  );
}
