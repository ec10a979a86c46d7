import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
// The holder alone, not the feature's index: the chat code stays in the chat page's lazy chunk.
import type { ChatStores } from '../features/chat/chat-stores';
import { ChatStoresProvider } from '../features/chat/chat-stores-context';
import { ApiEnvironmentProvider, AppStoresProvider, type ApiEnvironment, type AppStores } from '../stores';
import { useLocalBootstrap } from './connection/use-local-bootstrap';
import { createQueryClient } from './query-client';
import { useApplyTheme } from './theme/use-apply-theme';

export interface AppProvidersProps extends ApiEnvironment {
  children: ReactNode;
  /** A query client to use instead of a fresh one (tests pass theirs to inspect it). */
  queryClient?: QueryClient;
  /** The app's own stores (wire log, activity) instead of fresh ones (tests pass theirs to inspect them). */
  stores?: AppStores;
  /** The chat page's stores instead of fresh ones (tests pass theirs to inspect them). */
  chatStores?: ChatStores;
}

/**
 * Everything the pages stand on: API environment, the app's own stores and the chat page's (one set
 * per app, none at module level), React Query, theme and the local bootstrap.
 */
export function AppProviders({
  children,
  queryClient,
  stores,
  chatStores,
  ...environment
}: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <ApiEnvironmentProvider {...environment}>
      <AppStoresProvider {...(stores ? { stores } : {})}>
        <ChatStoresProvider {...(chatStores ? { stores: chatStores } : {})}>
          <QueryClientProvider client={client}>
            <AppEffects />
            {children}
          </QueryClientProvider>
        </ChatStoresProvider>
      </AppStoresProvider>
    </ApiEnvironmentProvider>
  );
}

/** App-wide effects, inside the providers they read. */
function AppEffects() {
  useApplyTheme();
  useLocalBootstrap();
  return null;
}
