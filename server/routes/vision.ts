import type { Hono } from 'hono';
import type { AppEnv } from '../http/app-env';
import { chatChunks, foldChatChunks } from '../http/chat-reply';
import { readJsonObject } from '../http/request-body';
import { checkChatContext } from '../validation/context';
import { readVisionRequest, VISION_DEFAULT_MAX_TOKENS } from '../validation/vision';
import { linkedAbort, replyIdentity, type RouteContext } from './context';
import { engineUnavailable } from './engine-unavailable';

/** POST /vision/analyze: validated, checked against the context as chat is, answered in the chat-completion shape. */
export function registerVisionRoutes(api: Hono<AppEnv>, ctx: RouteContext): void {
  api.post('/vision/analyze', ctx.guard('vision'), async (c) => {
    const body = await readJsonObject(c.req.raw, 'image analysis');
    const request = readVisionRequest(body);
    await checkChatContext(request.messages, request.max_tokens ?? VISION_DEFAULT_MAX_TOKENS, ctx.config);
    const engine = ctx.engines['svc-vision'];
    if (engine === null) throw engineUnavailable('svc-vision');
    const abort = linkedAbort(c.req.raw);
    const meta = { ...replyIdentity(ctx, 'chatcmpl-', request.model), logprobs: false };
    return c.json(await foldChatChunks(chatChunks(engine.generate(request, { signal: abort.signal }), meta)));
  });
}
