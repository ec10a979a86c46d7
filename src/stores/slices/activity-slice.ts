import type { StateCreator } from 'zustand';
import type { RateLimitState } from '../../lib/api';
import type { SettingsState, SettingsMutators } from '../settings-types';

/** The endpoint groups the client reports responses for. */
export type ApiEndpoint = 'models' | 'chat' | 'code' | 'vision' | 'audio';

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
 * What the app has seen on the wire (never persisted): the latest rate-limit state of any response
 * and the latest per endpoint, each tagged with its base URL so a connection switch never shows
 * another server's numbers.
 */
export interface ActivitySlice {
  latestRateLimit: RateLimitSighting | null;
  rateLimitByEndpoint: Partial<Record<ApiEndpoint, RateLimitSighting>>;
  /** Called for every HTTP response; responses without rate-limit headers change nothing. */
  recordResponse: (baseURL: string, response: ObservedResponse, seenAt?: number) => void;
}

export const createActivitySlice: StateCreator<SettingsState, SettingsMutators, [], ActivitySlice> = (
  set,
) => ({
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
});
