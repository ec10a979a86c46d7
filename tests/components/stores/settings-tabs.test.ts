import { afterEach, describe, expect, it } from 'vitest';
import { followSettingsFromOtherTabs, useSettingsStore } from '../../../src/stores';
import { SETTINGS_STORAGE_NAME } from '../../../src/stores/settings-persistence';

let stop: (() => void) | null = null;
afterEach(() => stop?.());

describe('settings across tabs', () => {
  it('reads back what another tab saved, so this tab’s next write does not undo it', async () => {
    stop = followSettingsFromOtherTabs();
    // This tab has one connection; "another tab" then saves a second one.
    useSettingsStore
      .getState()
      .addConnection({ name: 'Here', baseURL: 'http://127.0.0.1:1/v1', apiKey: '', rememberKey: false });
    const saved = JSON.parse(localStorage.getItem(SETTINGS_STORAGE_NAME)!) as {
      state: { connections: Record<string, unknown>[] };
    };
    saved.state.connections.push({
      ...saved.state.connections[0]!,
      id: 'other-tab',
      name: 'From the other tab',
    });
    const value = JSON.stringify(saved);
    localStorage.setItem(SETTINGS_STORAGE_NAME, value);
    window.dispatchEvent(new StorageEvent('storage', { key: SETTINGS_STORAGE_NAME, newValue: value }));

    await expect
      .poll(() => useSettingsStore.getState().connections.map((c) => c.name))
      .toEqual(['Here', 'From the other tab']);
    // And this tab's next write keeps it.
    useSettingsStore.getState().setDefault('temperature', 0.3);
    expect(localStorage.getItem(SETTINGS_STORAGE_NAME)).toContain('From the other tab');
  });
});
