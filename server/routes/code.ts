import type { Hono } from 'hono';
import type { AppEnv } from '../http/app-env';
import { collectCodeCompletion } from '../http/code-reply';
import { readJsonObject } from '../http/request-body';
import { CODE_DEFAULT_MAX_TOKENS, readCodeRequest } from '../validation/code';
import { checkPromptContext } from '../validation/context';
import { linkedAbort, replyIdentity, upstreamModelIds, type RouteContext } from './context';

/** POST /code/completions. */
export function registerCodeRoutes(api: Hono<AppEnv>, ctx: RouteContext): void {
  api.post('/code/completions', ctx.guard('code'), async (c) => {
    const body = await readJsonObject(c.req.raw, 'code completions');
    const request = readCodeRequest(body, await upstreamModelIds(ctx, body.model));
    await checkPromptContext(request.prompt, request.max_tokens ?? CODE_DEFAULT_MAX_TOKENS, ctx.config);
    const abort = linkedAbort(c.req.raw);
    const events = ctx.engines['svc-coder'].generate(
      { ...request, clientBody: body },
      { signal: abort.signal },
    );
    const meta = { ...replyIdentity(ctx, 'codecmpl-', request.model), headers: {} };
    const completion = await collectCodeCompletion(events, meta);
    return c.json(completion, 200, meta.headers);
  });
}
