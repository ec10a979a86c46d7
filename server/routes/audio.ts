import type { Hono } from 'hono';
import type { AppEnv } from '../http/app-env';
import { readMultipart } from '../http/request-body';
import { formatTranscript } from '../http/subtitles';
import { readAudioRequest } from '../validation/audio';
import { linkedAbort, type RouteContext } from './context';
import { engineUnavailable } from './engine-unavailable';

/** POST /audio/transcriptions (multipart/form-data). */
export function registerAudioRoutes(api: Hono<AppEnv>, ctx: RouteContext): void {
  api.post('/audio/transcriptions', ctx.guard('audio'), async (c) => {
    const form = await readMultipart(c.req.raw, 'audio transcriptions');
    const { input, responseFormat } = await readAudioRequest(form);
    const engine = ctx.engines['svc-audio'];
    if (engine === null) throw engineUnavailable('svc-audio');
    const abort = linkedAbort(c.req.raw);
    const transcript = await engine.transcribe(input, { signal: abort.signal });
    const { body, contentType } = formatTranscript(transcript, responseFormat);
    return c.body(body, 200, { 'content-type': contentType });
  });
}
