import { createContext, useContext, useMemo, type ReactNode } from 'react';

/** What the app's surroundings supply to every client it builds; tests put their fetch here. */
export interface ApiEnvironment {
  /** Used by every client instead of the global `fetch` (e.g. the in-process local service). */
  fetch?: typeof fetch;
  /**
   * The page origin the local-service bootstrap is asked at; null turns the bootstrap off.
   * Defaults to `window.location.origin`.
   */
  bootstrapOrigin?: string | null;
  /**
   * How often every client retries a 408/409/429/5xx or a network failure; the client's own default
   * when absent. Tests that reach an error on purpose set 0 so they need not wait out the back-off.
   */
  maxRetries?: number;
}

const ApiEnvironmentContext = createContext<ApiEnvironment>({});

/** Supplies the fetch, retry count and bootstrap origin the app's clients use. */
export function ApiEnvironmentProvider({
  children,
  ...environment
}: ApiEnvironment & { children: ReactNode }) {
  const { fetch, bootstrapOrigin, maxRetries } = environment;
  const value = useMemo<ApiEnvironment>(
    () => ({
      ...(fetch ? { fetch } : {}),
      ...(bootstrapOrigin !== undefined ? { bootstrapOrigin } : {}),
      ...(maxRetries !== undefined ? { maxRetries } : {}),
    }),
    [fetch, bootstrapOrigin, maxRetries],
  );
  return <ApiEnvironmentContext value={value}>{children}</ApiEnvironmentContext>;
}

/** The environment set by the nearest `ApiEnvironmentProvider` (empty outside one). */
export function useApiEnvironment(): ApiEnvironment {
  return useContext(ApiEnvironmentContext);
}
