import type { Hono } from 'hono';
import type { AppEnv } from '../http/app-env';
import { chatChunks, foldChatChunks, type ReplyMeta } from '../http/chat-reply';
import { readJsonObject } from '../http/request-body';
import { checkChatContext } from '../validation/context';
import { readVisionRequest, VISION_DEFAULT_MAX_TOKENS } from '../validation/vision';
import { linkedAbort, replyIdentity, upstreamModelIds, type RouteContext } from './context';
import { engineUnavailable } from './engine-unavailable';

/** POST /vision/analyze: validated, checked against the context as chat is, answered in the chat-completion shape. */
export function registerVisionRoutes(api: Hono<AppEnv>, ctx: RouteContext): void {
  api.post('/vision/analyze', ctx.guard('vision'), async (c) => {
    const body = await readJsonObject(c.req.raw, 'image analysis');
    const request = readVisionRequest(body, await upstreamModelIds(ctx, body.model));
    await checkChatContext(request.messages, request.max_tokens ?? VISION_DEFAULT_MAX_TOKENS, ctx.config);
    const engine = ctx.engines['svc-vision'];
    if (engine === null) throw engineUnavailable('svc-vision');
    const abort = linkedAbort(c.req.raw);
    const meta: ReplyMeta = {
      ...replyIdentity(ctx, 'chatcmpl-', request.model),
      logprobs: false,
      headers: {},
    };
    const events = engine.generate({ ...request, clientBody: body }, { signal: abort.signal });
    const completion = await foldChatChunks(chatChunks(events, meta));
    return c.json(completion, 200, meta.headers);
  });
}
