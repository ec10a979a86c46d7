import type { ModelId } from '../../src/protocol/wire';
import { ApiError } from '../http/errors';

/** What an operator must configure for a model that has no engine in this service yet. */
export function engineAdvice(model: ModelId): string {
  return `Set SVC_UPSTREAM_URL to an OpenAI-compatible server that serves a ${model === 'svc-audio' ? 'speech-to-text' : 'vision'} model (with SVC_UPSTREAM_API_KEY if it needs a key, and SVC_UPSTREAM_MODELS=${model}=<its model id>), then restart the service.`;
}

/** 503 for a model no engine serves: says exactly what to configure. */
export function engineUnavailable(model: ModelId): ApiError {
  return new ApiError(
    503,
    'server_error',
    'engine_unavailable',
    `No engine serves ${model} in this local service yet. ${engineAdvice(model)}`,
    'model',
  );
}
