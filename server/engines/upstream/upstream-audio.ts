/**
 * The upstream audio engine: multipart `POST <url>/audio/transcriptions` asking for `verbose_json`
 * (timed segments, from which srt/vtt are built); a server that rejects that format with 400 is asked
 * again for plain `json` (text only, no segments).
 */
import {
  EngineError,
  type AudioInput,
  type GenerateOptions,
  type Transcript,
  type TranscriptSegment,
} from '../engine';
import type { UpstreamClient } from './upstream-client';
import { displayUrl } from './upstream-errors';
import { parseWav } from '../audio-local/wav-header';

/**
 * The audio's length from its own header when it is a PCM WAV (the only container whose length is a
 * sum), so a transcript without timings can still be one cue spanning the audio; otherwise undefined.
 */
export function wavSeconds(bytes: Uint8Array): number | undefined {
  const info = parseWav(bytes);
  if (!info || info.audioFormat !== 1 || info.channels === 0 || info.sampleRate === 0) return undefined;
  const bytesPerSecond = info.sampleRate * info.channels * (info.bitsPerSample / 8);
  return bytesPerSecond > 0 ? info.dataLength / bytesPerSecond : undefined;
}

/** The transcript, with the audio's length when the upstream gave no timings and the header tells it. */
function withLength(transcript: Transcript, input: AudioInput): Transcript {
  if (transcript.segments.length > 0 || transcript.duration !== undefined) return transcript;
  const seconds = wavSeconds(input.file);
  return seconds === undefined ? transcript : { ...transcript, duration: seconds };
}

function form(input: AudioInput, model: string, format: 'verbose_json' | 'json'): FormData {
  const data = new FormData();
  const bytes = new Uint8Array(input.file);
  data.append(
    'file',
    new Blob([bytes], { type: input.contentType || 'application/octet-stream' }),
    input.filename || 'audio',
  );
  data.append('model', model);
  data.append('response_format', format);
  if (input.language && input.language !== 'auto') data.append('language', input.language);
  if (input.temperature !== undefined) data.append('temperature', String(input.temperature));
  // Every other text field the client sent passes unchanged (response_format is the service's to set:
  // it asks for timings, from which it writes srt and vtt itself).
  for (const [name, value] of input.otherFields ?? []) data.append(name, value);
  return data;
}

function segments(value: unknown): TranscriptSegment[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((segment) => {
    const s = (segment ?? {}) as Record<string, unknown>;
    return typeof s.start === 'number' && typeof s.end === 'number' && typeof s.text === 'string'
      ? [{ start: s.start, end: s.end, text: s.text.trim() }]
      : [];
  });
}

async function readTranscript(response: Response, url: string): Promise<Transcript> {
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    // Some servers answer plain text whatever was asked; it is still a transcript.
    return { text: text.trim(), segments: [] };
  }
  const record = (body ?? {}) as Record<string, unknown>;
  if (typeof record.text !== 'string') {
    throw new EngineError(502, {
      message: `The upstream server at ${displayUrl(url)} answered a transcription without a "text" field.`,
      type: 'server_error',
      param: null,
      code: 'server_error',
    });
  }
  return {
    text: record.text.trim(),
    segments: segments(record.segments),
    ...(typeof record.duration === 'number' ? { duration: record.duration } : {}),
  };
}

export async function transcribeUpstream(
  client: UpstreamClient,
  input: AudioInput,
  { signal }: GenerateOptions,
): Promise<Transcript> {
  const model = await client.resolveModel(input.model);
  const url = `${client.url}/audio/transcriptions`;
  try {
    const response = await client.request('/audio/transcriptions', {
      method: 'POST',
      body: form(input, model, 'verbose_json'),
      signal,
    });
    return withLength(await readTranscript(response, url), input);
  } catch (error) {
    if (!(error instanceof EngineError) || error.status !== 400) throw error;
    const response = await client.request('/audio/transcriptions', {
      method: 'POST',
      body: form(input, model, 'json'),
      signal,
    });
    return withLength(await readTranscript(response, url), input);
  }
}
