import type { ModelId } from '../../src/protocol/wire';

/**
 * Model ids beyond the five of the interface that a request may name: an upstream's own models, in
 * upstream mode. Such an id is accepted on every endpoint (the upstream decides what it serves).
 */
export type ExtraModels = (id: string) => boolean;
import { endpointPath, isModelId, MODEL_ENDPOINTS, MODEL_IDS, modelsFor } from '../catalog';
import type { LimitedEndpoint } from '../config';
import { ApiError, invalidParam } from '../http/errors';
import { describe } from '../../src/protocol/request-rules/values';

/** 404 `model_not_found` for an id the service does not have (`available`: what it has instead). */
export function modelNotFound(id: string, available: readonly string[] = MODEL_IDS): ApiError {
  const shown = id.length > 64 ? `${id.slice(0, 64)}…` : id;
  const listed =
    available.length > 20
      ? `${available.slice(0, 20).join(', ')} and ${available.length - 20} more`
      : available.join(', ');
  return new ApiError(
    404,
    'invalid_request_error',
    'model_not_found',
    `The model '${shown}' does not exist. Available models: ${listed}.`,
    'model',
  );
}

/** Reads `model`: unknown → 404 `model_not_found`; a model of another endpoint → 400 naming `model`. */
export function resolveModel(
  body: Record<string, unknown>,
  endpoint: LimitedEndpoint,
  extra?: ExtraModels,
): ModelId {
  const id = body.model;
  if (id === undefined || id === null) throw invalidParam('model', `'model' is required.`);
  if (typeof id !== 'string') throw invalidParam('model', `'model' must be a string, not ${describe(id)}.`);
  if (!isModelId(id)) {
    if (extra?.(id)) return id as ModelId;
    throw modelNotFound(id);
  }
  if (MODEL_ENDPOINTS[id] !== endpoint) {
    const right = endpointPath(MODEL_ENDPOINTS[id]);
    throw invalidParam(
      'model',
      `'${id}' cannot be used on ${endpointPath(endpoint)}: use ${modelsFor(endpoint).join(' or ')} here, or send ${id} to ${right}.`,
    );
  }
  return id;
}
