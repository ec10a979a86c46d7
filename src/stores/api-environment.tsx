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
}

const ApiEnvironmentContext = createContext<ApiEnvironment>({});

/** Supplies the fetch (and bootstrap origin) the app's clients use. */
export function ApiEnvironmentProvider({
  children,
  ...environment
}: ApiEnvironment & { children: ReactNode }) {
  const { fetch, bootstrapOrigin } = environment;
  const value = useMemo<ApiEnvironment>(
    () => ({
      ...(fetch ? { fetch } : {}),
      ...(bootstrapOrigin !== undefined ? { bootstrapOrigin } : {}),
    }),
    [fetch, bootstrapOrigin],
  );
  return <ApiEnvironmentContext value={value}>{children}</ApiEnvironmentContext>;
}

/** The environment set by the nearest `ApiEnvironmentProvider` (empty outside one). */
export function useApiEnvironment(): ApiEnvironment {
  return useContext(ApiEnvironmentContext);
}
