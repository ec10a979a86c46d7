import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ApiEnvironmentProvider, type ApiEnvironment } from '../stores';
import { useLocalBootstrap } from './connection/use-local-bootstrap';
import { createQueryClient } from './query-client';
import { useApplyTheme } from './theme/use-apply-theme';

export interface AppProvidersProps extends ApiEnvironment {
  children: ReactNode;
  /** A query client to use instead of a fresh one (tests pass theirs to inspect it). */
  queryClient?: QueryClient;
}

/** Everything the pages stand on: API environment, React Query, theme and the local bootstrap. */
export function AppProviders({ children, queryClient, ...environment }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <ApiEnvironmentProvider {...environment}>
      <QueryClientProvider client={client}>
        <AppEffects />
        {children}
      </QueryClientProvider>
    </ApiEnvironmentProvider>
  );
}

/** App-wide effects, inside the providers they read. */
function AppEffects() {
  useApplyTheme();
  useLocalBootstrap();
  return null;
}
