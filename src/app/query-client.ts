import { QueryClient } from '@tanstack/react-query';

/**
 * The app's React Query client. Its own retry is off: the API client already retries what is worth
 * retrying (before any body is read, honouring Retry-After), and a second layer would multiply waits.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
