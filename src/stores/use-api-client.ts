import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { createClient, normalizeBaseURL, type ApiClient } from '../lib/api';
import { keyFingerprint } from '../lib/connection';
import { useApiEnvironment } from './api-environment';
import { useActivity, useAppWireLog } from './app-stores';
import { useSettingsStore } from './settings-store';

/** The client of the active connection, with what queries need to key their cache on. */
export interface ApiHandle {
  /** Null when there is no active connection or its base URL is not valid (see `problem`). */
  client: ApiClient | null;
  /** The active connection's id, or null. */
  connectionId: string | null;
  /** The normalised base URL ('' without a valid one); part of every query key. */
  baseURL: string;
  /** A non-secret stand-in for the key, so a key change refetches (see `keyFingerprint`). */
  keyFingerprint: string;
  /** Why `client` is null, in words for the UI; null when there is a client. */
  problem: string | null;
  /** The connection is the local service that served this page, which has a health report of its own. */
  localService: boolean;
}

/**
 * The one way a page gets a client: built from the active connection, memoised on base URL, key,
 * fetch and time-out, reporting every response's rate-limit state to the app's activity store.
 */
export function useApi(): ApiHandle {
  const { fetch, maxRetries } = useApiEnvironment();
  const wireLog = useAppWireLog();
  const recordResponse = useActivity((s) => s.recordResponse);
  const timeoutSeconds = useSettingsStore((s) => s.timeoutSeconds);
  const active = useSettingsStore(
    useShallow((s) => {
      const connection = s.connections.find((c) => c.id === s.activeId);
      return connection
        ? {
            id: connection.id,
            baseURL: connection.baseURL,
            apiKey: connection.apiKey,
            localService: connection.origin === 'local-service',
          }
        : { id: null, baseURL: '', apiKey: '', localService: false };
    }),
  );
  const { id, baseURL: typedBaseURL, apiKey, localService } = active;

  return useMemo<ApiHandle>(() => {
    const fingerprint = keyFingerprint(apiKey);
    if (id === null) {
      return {
        client: null,
        connectionId: null,
        baseURL: '',
        keyFingerprint: fingerprint,
        problem: 'No connection is set up yet: add one in Settings.',
        localService: false,
      };
    }
    let baseURL: string;
    try {
      baseURL = normalizeBaseURL(typedBaseURL);
    } catch (error) {
      const problem = error instanceof Error ? error.message : String(error);
      return {
        client: null,
        connectionId: id,
        baseURL: '',
        keyFingerprint: fingerprint,
        problem,
        localService,
      };
    }
    // The local service's entry keeps its key in memory only: after a reload it has none until the
    // page's bootstrap gives it back. No request goes before that (it could only be refused with 401).
    if (localService && apiKey === '') {
      return {
        client: null,
        connectionId: id,
        baseURL,
        keyFingerprint: fingerprint,
        problem:
          "Waiting for the local service's key (it gives it to the page it serves): if this lasts, open the address npm start printed, or type the key in Settings.",
        localService,
      };
    }
    const client = createClient({
      baseURL,
      ...(apiKey ? { apiKey } : {}),
      ...(fetch ? { fetch } : {}),
      ...(maxRetries !== undefined ? { maxRetries } : {}),
      ...(timeoutSeconds !== null ? { timeoutMs: timeoutSeconds * 1000 } : {}),
      onResponse: (info) => recordResponse(baseURL, info),
      // Every exchange goes to the wire pane's log (key redacted there, by the client).
      onExchange: wireLog.record,
    });
    return { client, connectionId: id, baseURL, keyFingerprint: fingerprint, problem: null, localService };
  }, [id, typedBaseURL, apiKey, localService, fetch, maxRetries, timeoutSeconds, recordResponse, wireLog]);
}

/** The active connection's client, or null when there is none (then `useApi().problem` says why). */
export function useApiClient(): ApiClient | null {
  return useApi().client;
}
