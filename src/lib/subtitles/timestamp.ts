/**
 * Timestamps of SubRip (`00:01:02,345`) and WebVTT (`00:01:02.345` or `01:02.345`). Returns
 * seconds, or null when the text is not a timestamp of that format.
 */
const SRT_TIME = /^(\d{1,3}):([0-5]\d):([0-5]\d)[,.](\d{1,3})$/;
const VTT_TIME = /^(?:(\d{2,}):)?([0-5]\d):([0-5]\d)\.(\d{3})$/;

function seconds(h: string | undefined, m: string, s: string, fraction: string): number {
  // "1,5" in SRT means 500 ms: the fraction is read as a decimal, not as a count of ms.
  return Number(h ?? 0) * 3600 + Number(m) * 60 + Number(s) + Number(`0.${fraction}`);
}

export function parseSrtTimestamp(text: string): number | null {
  const match = SRT_TIME.exec(text.trim());
  if (!match) return null;
  const [, h, m, s, ms] = match;
  return seconds(h, m!, s!, ms!);
}

export function parseVttTimestamp(text: string): number | null {
  const match = VTT_TIME.exec(text.trim());
  if (!match) return null;
  const [, h, m, s, ms] = match;
  return seconds(h, m!, s!, ms!);
}

/** Seconds as `HH:MM:SS.mmm`, for showing cue times the same way whatever the source format. */
export function formatTimestamp(totalSeconds: number): string {
  const totalMs = Math.max(0, Math.round(totalSeconds * 1000));
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const h = Math.floor(totalMs / 3_600_000);
  const m = Math.floor(totalMs / 60_000) % 60;
  const s = Math.floor(totalMs / 1000) % 60;
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(totalMs % 1000, 3)}`;
}
