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

/** GET /models and GET /models/{id}. */
export function registerModelRoutes(api: Hono<AppEnv>, ctx: RouteContext): void {
  api.get('/models', ctx.auth, (c) => {
    const list: ModelList = { object: 'list', data: MODEL_IDS.map(modelObject) };
    return c.json(list);
  });
  api.get('/models/:id{.+}', ctx.auth, (c) => {
    const id = c.req.param('id');
    if (!isModelId(id)) throw modelNotFound(id);
    return c.json({ ...modelObject(id), description: describeModel(id, ctx) });
  });
}
