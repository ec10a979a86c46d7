import { useCallback, useRef } from 'react';
import { createClient, type ApiClient } from '../../lib/api';
import { resolveFunctionDialect, type FunctionDialect } from '../../lib/connection';
import { RateGate } from '../../lib/compare/rate-gate';
import { useApiEnvironment, useSettingsStore } from '../../stores';

/**
 * A client and a rate gate per connection, for the variants of a comparison. Clients do not retry on
 * their own (retries would hide a 429 from the gate, which waits and shows the wait instead).
 */
export function useCompareClients() {
  const connections = useSettingsStore((s) => s.connections);
  const { fetch } = useApiEnvironment();
  const gates = useRef(new Map<string, RateGate>());

  const gateFor = useCallback((connectionId: string): RateGate => {
    let gate = gates.current.get(connectionId);
    if (!gate) {
      gate = new RateGate();
      gates.current.set(connectionId, gate);
    }
    return gate;
  }, []);

  const clientFor = useCallback(
    (connectionId: string): ApiClient | null => {
      const connection = connections.find((c) => c.id === connectionId);
      if (!connection) return null;
      const gate = gateFor(connectionId);
      try {
        return createClient({
          baseURL: connection.baseURL,
          apiKey: connection.apiKey,
          maxRetries: 0,
          onResponse: (info) => gate.observe(info.rateLimit),
          ...(fetch ? { fetch } : {}),
        });
      } catch {
        return null; // an invalid base URL: the cell says the connection cannot be used
      }
    },
    [connections, fetch, gateFor],
  );

  // Functions go in the dialect the connection speaks, as on the chat page.
  const dialectFor = useCallback(
    (connectionId: string): FunctionDialect => {
      const connection = connections.find((c) => c.id === connectionId);
      return connection ? resolveFunctionDialect(connection) : 'legacy';
    },
    [connections],
  );

  return { connections, clientFor, gateFor, dialectFor };
}
