/** The spec's endpoints: one name each, its path (relative to the base URL) and the models it serves. */
import type { ModelId } from './wire';

export const ENDPOINT_PATHS = {
  models: '/models',
  chat: '/chat/completions',
  code: '/code/completions',
  vision: '/vision/analyze',
  audio: '/audio/transcriptions',
} as const;

export type Endpoint = keyof typeof ENDPOINT_PATHS;

/**
 * The local service's health report (not in the spec): from the service's origin, not under the
 * API's base path, with the service's key. Shared so the service and the page cannot drift apart.
 */
export const LOCAL_HEALTH_PATH = '/__local/health';

/** The endpoints with a per-key rate limit (the spec lists none for the model list). */
export type LimitedEndpoint = Exclude<Endpoint, 'models'>;

export const LIMITED_ENDPOINTS: readonly LimitedEndpoint[] = ['chat', 'code', 'vision', 'audio'];

/** Model id → the endpoint it serves. */
export const MODEL_ENDPOINTS: Readonly<Record<ModelId, LimitedEndpoint>> = {
  'svc-chat': 'chat',
  'svc-reasoner': 'chat',
  'svc-coder': 'code',
  'svc-vision': 'vision',
  'svc-audio': 'audio',
};

/** One of the spec's own model ids (an Object member's name is none of them). */
export function isSpecModel(id: string): id is ModelId {
  return Object.hasOwn(MODEL_ENDPOINTS, id);
}
