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

/**
 * The local service's own health report, asked only of the connection to the service that served
 * the page (another server has no such route, and a 404 in its console on every load is noise). In
 * upstream mode it says whether the server behind the service answers, which the model list, kept
 * by the service for a while, cannot.
 */
export function localHealthQueryOptions(api: ApiHandle) {
  return queryOptions({
    queryKey: ['local-health', ...serverQueryKey(api)] as const,
    queryFn: ({ signal }) => requireClient(api).localHealth({ signal }),
    enabled: api.client !== null && api.localService,
    staleTime: 30_000,
    retry: false,
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
