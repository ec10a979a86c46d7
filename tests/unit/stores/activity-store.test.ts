// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActivityStore } from '../../../src/stores/activity-store';
import { useSettingsStore } from '../../../src/stores/settings-store';

afterEach(() => vi.restoreAllMocks());

describe('activity store', () => {
  it('records the latest rate-limit state per endpoint and ignores responses without one', () => {
    const state = { limit: 60, remaining: 59, resetAt: 1_000, resetRaw: '1' };
    const activity = createActivityStore();
    const { recordResponse } = activity.getState();
    recordResponse('http://a.test/v1', { endpoint: 'chat', status: 200, rateLimit: state }, 5);
    recordResponse('http://a.test/v1', { endpoint: 'models', status: 200, rateLimit: null }, 6);
    expect(activity.getState().latestRateLimit).toEqual({
      baseURL: 'http://a.test/v1',
      endpoint: 'chat',
      state,
      seenAt: 5,
    });
    expect(Object.keys(activity.getState().rateLimitByEndpoint)).toEqual(['chat']);
  });

  it('never writes storage, however many responses arrive', () => {
    useSettingsStore.getState().setTheme('dark'); // the settings store is persisted: it writes
    const writes = vi.spyOn(Storage.prototype, 'setItem');
    const activity = createActivityStore();
    const { recordResponse } = activity.getState();
    for (let i = 0; i < 50; i++) {
      recordResponse('http://a.test/v1', {
        endpoint: 'chat',
        status: i % 2 ? 429 : 200,
        rateLimit: { limit: 60, remaining: 59 - i, resetAt: 1_000 + i, resetRaw: null },
      });
    }
    expect(activity.getState().latestRateLimit?.state.remaining).toBe(10);
    expect(writes).not.toHaveBeenCalled();
  });
});
