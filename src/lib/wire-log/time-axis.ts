/**
 * Ticks for a time axis from 0 to `spanMs`: round steps (1, 2 or 5 times a power of ten), at most
 * `maxTicks` of them past zero, so the labels read as a ruler does.
 */
export function timeTicks(spanMs: number, maxTicks = 5): number[] {
  if (!(spanMs > 0) || !Number.isFinite(spanMs)) return [0];
  const rough = spanMs / Math.max(1, maxTicks);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power;
  const ticks: number[] = [];
  // Rounded to the step's precision, so 0.1 + 0.2 never prints as 0.30000000000000004.
  for (let i = 0; i * step <= spanMs + step * 1e-9; i++) ticks.push(Number((i * step).toPrecision(12)));
  return ticks;
}

/** An offset on the axis: milliseconds under a second, seconds above. */
export function formatOffset(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const seconds = ms / 1000;
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(seconds < 10 ? 1 : 0)} s`;
}
