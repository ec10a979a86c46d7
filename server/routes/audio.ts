import type { Hono } from 'hono';
import { UPSTREAM_ERROR_CODES, UPSTREAM_ERROR_TYPE } from '../../src/protocol/upstream-errors';
import type { AppEnv } from '../http/app-env';
import { readMultipart } from '../http/request-body';
import { EngineError } from '../engines/engine';
import { formatTranscript } from '../http/subtitles';
import { readAudioRequest } from '../validation/audio';
import { linkedAbort, upstreamModelIds, type RouteContext } from './context';
import { engineUnavailable } from './engine-unavailable';

/** POST /audio/transcriptions (multipart/form-data). */
export function registerAudioRoutes(api: Hono<AppEnv>, ctx: RouteContext): void {
  api.post('/audio/transcriptions', ctx.guard('audio'), async (c) => {
    const form = await readMultipart(c.req.raw, 'audio transcriptions');
    const requested = form.get('model');
    const { input, responseFormat } = await readAudioRequest(form, await upstreamModelIds(ctx, requested));
    const engine = ctx.engines['svc-audio'];
    if (engine === null) throw engineUnavailable('svc-audio');
    const abort = linkedAbort(c.req.raw);
    const transcript = await engine.transcribe(input, { signal: abort.signal });
    if (
      (responseFormat === 'srt' || responseFormat === 'vtt') &&
      transcript.segments.length === 0 &&
      transcript.duration === undefined &&
      transcript.text.trim() !== ''
    ) {
      // A cue from 0 to 0 would be a subtitle that never shows: say what is missing instead.
      throw new EngineError(
        502,
        {
          message: `The transcription came without timings (no segments, no duration), so it cannot be written as ${responseFormat}. Ask for response_format json or text, or use a server that returns segments (verbose_json).`,
          type: UPSTREAM_ERROR_TYPE,
          param: 'response_format',
          code: UPSTREAM_ERROR_CODES.noTimings,
        },
        ctx.upstream ? { 'x-error-source': 'upstream' } : {},
      );
    }
    const { body, contentType } = formatTranscript(transcript, responseFormat);
    return c.body(body, 200, { 'content-type': contentType });
  });
}
