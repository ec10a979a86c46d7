import type { Hono } from 'hono';
import type { ErrorBody } from '../../src/protocol/wire';
import { dialectOf } from '../../src/protocol/chat/dialects';
import { EngineError } from '../engines/engine';
import type { AppEnv } from '../http/app-env';
import { chatChunks, foldChatChunks, type ReplyMeta } from '../http/chat-reply';
import { serverError } from '../http/errors';
import { streamResponse } from '../http/event-stream';
import { readJsonObject } from '../http/request-body';
import { readChatRequest } from '../validation/chat';
import { checkChatContext } from '../validation/context';
import { linkedAbort, replyIdentity, upstreamModelIds, type RouteContext } from './context';

/** The spec's error body for a failure after a stream has started. */
export function streamErrorBody(
  error: unknown,
  requestId: string,
  ctx: RouteContext,
  aborted: boolean,
): ErrorBody {
  if (error instanceof EngineError) return { error: error.body };
  if (!aborted)
    ctx.log(
      `request ${requestId}: the engine failed mid-stream: ${(error as Error)?.message ?? String(error)}`,
    );
  return serverError(requestId).toBody();
}

/** POST /chat/completions: validated, checked against the context, then streamed or folded. */
export function registerChatRoutes(api: Hono<AppEnv>, ctx: RouteContext): void {
  api.post('/chat/completions', ctx.guard('chat'), async (c) => {
    const body = await readJsonObject(c.req.raw, 'chat completions');
    const request = readChatRequest(body, await upstreamModelIds(ctx, body.model));
    await checkChatContext(request.messages, request.max_tokens ?? ctx.config.defaultMaxTokens, ctx.config);
    // An upstream's own model id is served by the upstream chat engine.
    const engine = ctx.engines[request.model === 'svc-reasoner' ? 'svc-reasoner' : 'svc-chat'];
    const abort = linkedAbort(c.req.raw);
    const meta: ReplyMeta = {
      ...replyIdentity(ctx, 'chatcmpl-', request.model),
      logprobs: request.logprobs === true,
      dialect: dialectOf(request),
      headers: {},
    };
    const events = engine.generate({ ...request, clientBody: body }, { signal: abort.signal });
    const chunks = chatChunks(events, meta);
    if (request.stream !== true) {
      const completion = await foldChatChunks(chunks);
      return c.json(completion, 200, meta.headers);
    }
    const requestId = c.get('requestId');
    return streamResponse(chunks, {
      format: ctx.config.streamFormat,
      abort,
      describeError: (error) => streamErrorBody(error, requestId, ctx, abort.signal.aborted),
      headers: meta.headers ?? {},
    });
  });
}
