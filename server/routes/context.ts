import type { MiddlewareHandler } from 'hono';
import type { LimitedEndpoint, ServiceConfig } from '../config';
import type { AudioEngine, ChatEngine, CodeEngine } from '../engines/engine';
import type { UpstreamEngines } from '../engines/upstream/index';
import { isModelId, MODEL_IDS } from '../catalog';
import { modelNotFound, type ExtraModels } from '../validation/model';
import type { AppEnv } from '../http/app-env';
import { newId } from '../http/ids';

/** The engine serving each model; null where this service has no engine for it yet. */
export interface ModelEngines {
  'svc-chat': ChatEngine;
  'svc-reasoner': ChatEngine;
  'svc-coder': CodeEngine;
  'svc-vision': ChatEngine | null;
  'svc-audio': AudioEngine | null;
}

/** What every route handler may use. */
export interface RouteContext {
  config: ServiceConfig;
  engines: ModelEngines;
  now: () => number;
  log: (line: string) => void;
  /** Auth, the endpoint's rate limit, then its body limit, for the four limited endpoints. */
  guard: (endpoint: LimitedEndpoint) => MiddlewareHandler<AppEnv>;
  /** Auth alone, for the model routes. */
  auth: MiddlewareHandler<AppEnv>;
  /** The upstream, in upstream mode (its models, its health); null when the service answers alone. */
  upstream: UpstreamEngines | null;
}

/**
 * In upstream mode, which other model ids a request may name: the upstream's own, as it lists them
 * (fetched when needed, kept briefly). An id it does not list is a 404 that names what it does list;
 * when the list cannot be had, the id goes to the upstream, which judges it. Otherwise none.
 */
export async function upstreamModelIds(
  ctx: RouteContext,
  requested: unknown,
): Promise<ExtraModels | undefined> {
  if (!ctx.upstream || typeof requested !== 'string' || requested === '' || isModelId(requested))
    return undefined;
  const ids = await ctx.upstream.catalog.ids();
  if (ids !== null && !ids.includes(requested)) throw modelNotFound(requested, [...MODEL_IDS, ...ids]);
  return (id) => id === requested;
}

/** An AbortController that also aborts when the client's request is aborted (a disconnect). */
export function linkedAbort(request: Request): AbortController {
  const abort = new AbortController();
  const signal = request.signal;
  if (signal.aborted) abort.abort(signal.reason);
  else signal.addEventListener('abort', () => abort.abort(signal.reason), { once: true });
  return abort;
}

/** The id, creation second and model every reply object opens with; `prefix` is the spec's per object. */
export function replyIdentity(
  ctx: RouteContext,
  prefix: 'chatcmpl-' | 'codecmpl-',
  model: string,
): { id: string; created: number; model: string } {
  return { id: newId(prefix), created: Math.floor(ctx.now() / 1000), model };
}
