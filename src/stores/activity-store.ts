import { createStore, type StoreApi } from 'zustand/vanilla';
import type { RateLimitState } from '../lib/api';
import type { Endpoint } from '../protocol/endpoints';

/** The endpoint groups the client reports responses for. */
export type ApiEndpoint = Endpoint;

/** A rate-limit state as seen on one response, tagged with the server and time it came from. */
export interface RateLimitSighting {
  baseURL: string;
  endpoint: ApiEndpoint;
  state: RateLimitState;
  /** Epoch ms. */
  seenAt: number;
}

/** What the client's `onResponse` hands the store. */
export interface ObservedResponse {
  endpoint: ApiEndpoint;
  status: number;
  rateLimit: RateLimitState | null;
}

/**
 * What the app has seen on the wire: the latest rate-limit state of any response and the latest per
 * endpoint, each tagged with its base URL so a connection switch never shows another server's numbers.
 * Never persisted: it changes with every response, and in the persisted settings store every
 * response rewrote localStorage (persist writes on every change).
 */
export interface ActivityState {
  latestRateLimit: RateLimitSighting | null;
  rateLimitByEndpoint: Partial<Record<ApiEndpoint, RateLimitSighting>>;
  /** Called for every HTTP response; responses without rate-limit headers change nothing. */
  recordResponse: (baseURL: string, response: ObservedResponse, seenAt?: number) => void;
}

/** One app's activity store (see `AppStores`): nothing seen yet. */
export function createActivityStore(): StoreApi<ActivityState> {
  return createStore<ActivityState>()((set) => ({
    latestRateLimit: null,
    rateLimitByEndpoint: {},
    recordResponse: (baseURL, response, seenAt = Date.now()) => {
      if (!response.rateLimit) return;
      const sighting: RateLimitSighting = {
        baseURL,
        endpoint: response.endpoint,
        state: response.rateLimit,
        seenAt,
      };
      set((s) => ({
        latestRateLimit: sighting,
        rateLimitByEndpoint: { ...s.rateLimitByEndpoint, [response.endpoint]: sighting },
      }));
    },
  }));
}
