import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../lib/api';
import type { ApiHandle } from './use-api-client';

/** Every query of the active server starts with this: the base URL is in every query key. */
export function serverQueryKey(api: ApiHandle) {
  return [api.baseURL, api.keyFingerprint] as const;
}

function requireClient(api: ApiHandle): ApiClient {
  if (!api.client) throw new Error(api.problem ?? 'There is no connection to ask.');
  return api.client;
}

/**
 * The active server's model list. Also the header's health check: a cheap `GET /models` whose
 * success, 401 or connection failure is what the health indicator shows.
 */
export function modelsQueryOptions(api: ApiHandle) {
  return queryOptions({
    queryKey: ['models', ...serverQueryKey(api)] as const,
    queryFn: ({ signal }) => requireClient(api).listModels({ signal }),
    enabled: api.client !== null,
    staleTime: 30_000,
  });
}

/** One model with its description (`GET /models/{id}`). */
export function modelQueryOptions(api: ApiHandle, modelId: string) {
  return queryOptions({
    queryKey: ['models', ...serverQueryKey(api), modelId] as const,
    queryFn: ({ signal }) => requireClient(api).retrieveModel(modelId, { signal }),
    enabled: api.client !== null && modelId !== '',
    staleTime: 30_000,
  });
}
