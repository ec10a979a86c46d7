import type { Hono } from 'hono';
import type { ModelId, ModelList } from '../../src/protocol/wire';
import { isModelId, MODEL_IDS, modelObject } from '../catalog';
import type { AppEnv } from '../http/app-env';
import { modelNotFound } from '../validation/model';
import type { RouteContext } from './context';
import { engineAdvice } from './engine-unavailable';

function describeModel(id: ModelId, ctx: RouteContext): string {
  const engine = ctx.engines[id];
  if (engine === null) return `${id} has no engine in this local service yet. ${engineAdvice(id)}`;
  return engine.describe(id);
}

/**
 * In upstream mode the list is the upstream's (each model as it lists it, fetched when needed and
 * kept briefly), with an `svc-*` alias beside it for each id SVC_UPSTREAM_MODELS maps: the alias
 * says which upstream model serves it (`upstream_model`). An upstream that cannot be asked makes the
 * list fail with its error (502 `upstream_unreachable`, …) rather than show models that would fail.
 */
async function upstreamList(ctx: RouteContext): Promise<ModelList> {
  const upstream = ctx.upstream;
  if (!upstream) return { object: 'list', data: MODEL_IDS.map(modelObject) };
  const listed = await upstream.catalog.models();
  const aliases = MODEL_IDS.filter((id) => upstream.aliases[id] !== undefined).map((id) => ({
    ...modelObject(id),
    upstream_model: upstream.aliases[id],
  }));
  const taken = new Set<string>(aliases.map((alias) => alias.id));
  const data = [...aliases, ...listed.filter((model) => !taken.has(model.id))];
  return { object: 'list', data: data as ModelList['data'] };
}

/** GET /models and GET /models/{id}. */
export function registerModelRoutes(api: Hono<AppEnv>, ctx: RouteContext): void {
  api.get('/models', ctx.auth, async (c) => c.json(await upstreamList(ctx)));
  api.get('/models/:id{.+}', ctx.auth, async (c) => {
    const id = c.req.param('id');
    if (isModelId(id)) {
      const alias = ctx.upstream?.aliases[id];
      return c.json({
        ...modelObject(id),
        ...(alias !== undefined ? { upstream_model: alias } : {}),
        description: describeModel(id, ctx),
      });
    }
    if (!ctx.upstream) throw modelNotFound(id);
    const listed = await ctx.upstream.catalog.models();
    const model = listed.find((entry) => entry.id === id);
    if (!model) throw modelNotFound(id, [...MODEL_IDS, ...listed.map((entry) => entry.id)]);
    return c.json({
      ...model,
      description: `One of the upstream server's own models, served by ${ctx.upstream.displayUrl} (SVC_UPSTREAM_URL) under its own id.`,
    });
  });
}
