export type StatusTone = 'ok' | 'pending' | 'warn' | 'error' | 'idle';

const TONES: Record<StatusTone, string> = {
  ok: 'bg-emerald-500',
  pending: 'bg-sky-500 animate-pulse motion-reduce:animate-none',
  warn: 'bg-amber-500',
  error: 'bg-red-500',
  idle: 'bg-zinc-400',
};

/** A small coloured dot; decorative, so the text next to it must say the same thing. */
export function StatusDot({ tone }: { tone: StatusTone }) {
  return (
    <span
      aria-hidden="true"
      data-tone={tone}
      className={`inline-block size-2 shrink-0 rounded-full ${TONES[tone]}`}
    />
  );
}
