import { useQuery } from '@tanstack/react-query';
import { createClient, normalizeBaseURL } from '../../lib/api';
import { keyFingerprint } from '../../lib/connection';
import { useApiEnvironment, type Connection } from '../../stores';

/**
 * The model ids a connection lists, for a variant's model suggestions; empty while loading, when the
 * list cannot be read, or for an invalid base URL (the field still takes any id typed). The key has
 * the same shape as the active connection's model query, so that list is shared, not asked twice.
 */
export function useConnectionModels(connection: Connection | undefined): readonly string[] {
  const { fetch } = useApiEnvironment();
  let baseURL = '';
  try {
    baseURL = connection ? normalizeBaseURL(connection.baseURL) : '';
  } catch {
    // An invalid base URL: no suggestions; the cell says the connection cannot be used.
  }
  const apiKey = connection?.apiKey ?? '';
  const models = useQuery({
    queryKey: ['models', baseURL, keyFingerprint(apiKey)] as const,
    queryFn: ({ signal }) =>
      createClient({ baseURL, ...(apiKey ? { apiKey } : {}), ...(fetch ? { fetch } : {}) }).listModels({
        signal,
      }),
    enabled: baseURL !== '',
    staleTime: 30_000,
  });
  return (models.data?.data ?? []).map((m) => m.id).sort();
}
