import type { ModelId } from '../../src/protocol/wire';
import { endpointPath, isModelId, MODEL_ENDPOINTS, MODEL_IDS, modelsFor } from '../catalog';
import type { LimitedEndpoint } from '../config';
import { ApiError, invalidParam } from '../http/errors';
import { requiredString, type JsonObject } from './fields';

/** 404 `model_not_found` for an id the service does not have. */
export function modelNotFound(id: string): ApiError {
  const shown = id.length > 64 ? `${id.slice(0, 64)}…` : id;
  return new ApiError(
    404,
    'invalid_request_error',
    'model_not_found',
    `The model '${shown}' does not exist. Available models: ${MODEL_IDS.join(', ')}.`,
    'model',
  );
}

/** Reads `model`: unknown → 404 `model_not_found`; a model of another endpoint → 400 naming `model`. */
export function resolveModel(body: JsonObject, endpoint: LimitedEndpoint): ModelId {
  const id = requiredString(body, 'model');
  if (!isModelId(id)) throw modelNotFound(id);
  if (MODEL_ENDPOINTS[id] !== endpoint) {
    const right = endpointPath(MODEL_ENDPOINTS[id]);
    throw invalidParam(
      'model',
      `'${id}' cannot be used on ${endpointPath(endpoint)}: use ${modelsFor(endpoint).join(' or ')} here, or send ${id} to ${right}.`,
    );
  }
  return id;
}
