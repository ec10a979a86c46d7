/**
 * Transcript formatting for /audio/transcriptions: json (`{text}`), text, SubRip (srt) and WebVTT.
 */
import type { TranscriptionFormat } from '../../src/protocol/wire';
import type { Transcript, TranscriptSegment } from '../engines/engine';

function timestamp(seconds: number, separator: ',' | '.'): string {
  const totalMs = Math.max(0, Math.round(seconds * 1000));
  const ms = totalMs % 1000;
  const s = Math.floor(totalMs / 1000) % 60;
  const m = Math.floor(totalMs / 60_000) % 60;
  const h = Math.floor(totalMs / 3_600_000);
  const pad = (n: number, width = 2): string => String(n).padStart(width, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}${separator}${pad(ms, 3)}`;
}

/** Timed cues; a transcript without timings becomes one cue over its whole duration. */
function cues(transcript: Transcript): TranscriptSegment[] {
  const timed = transcript.segments.filter((s) => s.text.trim() !== '');
  if (timed.length > 0) return timed;
  if (transcript.text.trim() === '') return [];
  return [{ start: 0, end: transcript.duration ?? 0, text: transcript.text }];
}

/** A cue's text must not contain a blank line, which would end the cue early. */
function cueText(text: string): string {
  return text
    .trim()
    .replace(/\r\n?/g, '\n')
    .replace(/\n{2,}/g, '\n');
}

/** SubRip: numbered cues, `HH:MM:SS,mmm --> HH:MM:SS,mmm`, blank line between cues. */
export function toSrt(transcript: Transcript): string {
  return cues(transcript)
    .map(
      (cue, i) =>
        `${i + 1}\n${timestamp(cue.start, ',')} --> ${timestamp(cue.end, ',')}\n${cueText(cue.text)}\n`,
    )
    .join('\n');
}

/** WebVTT: a `WEBVTT` header, then cues timed `HH:MM:SS.mmm --> HH:MM:SS.mmm`. */
export function toVtt(transcript: Transcript): string {
  const body = cues(transcript)
    .map(
      (cue) =>
        `${timestamp(cue.start, '.')} --> ${timestamp(cue.end, '.')}\n${cueText(cue.text).replace(/-->/g, '->')}\n`,
    )
    .join('\n');
  return `WEBVTT\n\n${body}`;
}

/** The body and content type of a transcript in the requested format. */
export function formatTranscript(
  transcript: Transcript,
  format: TranscriptionFormat,
): { body: string; contentType: string } {
  switch (format) {
    case 'json':
      return {
        body: JSON.stringify({ text: transcript.text }),
        contentType: 'application/json; charset=utf-8',
      };
    case 'text':
      return { body: transcript.text, contentType: 'text/plain; charset=utf-8' };
    case 'srt':
      return { body: toSrt(transcript), contentType: 'application/x-subrip; charset=utf-8' };
    case 'vtt':
      return { body: toVtt(transcript), contentType: 'text/vtt; charset=utf-8' };
  }
}
