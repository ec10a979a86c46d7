/**
 * The five models of the interface and the endpoint each one serves.
 */
import type { Model, ModelId } from '../src/protocol/wire';
import {
  ENDPOINT_PATHS,
  isSpecModel,
  MODEL_ENDPOINTS,
  type LimitedEndpoint,
} from '../src/protocol/endpoints';

/** The fixed `created` timestamp of every model (2025-01-01T00:00:00Z): the catalog does not change at run time. */
export const MODELS_CREATED = 1_735_689_600;

export { MODEL_ENDPOINTS };

export const MODEL_IDS = Object.keys(MODEL_ENDPOINTS) as ModelId[];

/** True when `id` is one of the five model ids (the protocol core's rule, which the page uses too). */
export const isModelId: (id: string) => id is ModelId = isSpecModel;

/** The model ids that an endpoint accepts, for error messages. */
export function modelsFor(endpoint: LimitedEndpoint): ModelId[] {
  return MODEL_IDS.filter((id) => MODEL_ENDPOINTS[id] === endpoint);
}

/** The path of an endpoint, for error messages. */
export function endpointPath(endpoint: LimitedEndpoint): string {
  return ENDPOINT_PATHS[endpoint];
}

/** A model object as listed; `description` is added only when one model is retrieved. */
export function modelObject(id: ModelId): Model {
  return {
    id,
    object: 'model',
    created: MODELS_CREATED,
    owned_by: 'svc',
    permission: [],
    root: id,
    parent: null,
  };
}
