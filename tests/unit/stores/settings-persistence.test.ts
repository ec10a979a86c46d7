import { describe, expect, it } from 'vitest';
import {
  mergeSettings,
  migrateSettings,
  partializeSettings,
  sanitizeSettings,
} from '../../../src/stores/settings-persistence';
import { useSettingsStore } from '../../../src/stores/settings-store';
import { FRAME_DEFAULTS, FRAME_LIMITS } from '../../../src/stores/slices/ui-slice';
import type { Connection } from '../../../src/stores';

const remembered: Connection = {
  id: 'a',
  name: 'Production',
  baseURL: 'https://api.example.test/v1',
  apiKey: 'sk-remembered',
  rememberKey: true,
  origin: 'user',
};
const forgotten: Connection = {
  ...remembered,
  id: 'b',
  name: 'Local',
  apiKey: 'sk-memory-only',
  rememberKey: false,
};

function stateWith(partial: Partial<ReturnType<typeof useSettingsStore.getState>>) {
  return { ...useSettingsStore.getInitialState(), ...partial };
}

describe('settings persistence: partialize', () => {
  it('writes a key only for a connection whose "remember" is ticked', () => {
    const persisted = partializeSettings(stateWith({ connections: [remembered, forgotten], activeId: 'b' }));
    expect(persisted.connections.map((c) => c.apiKey)).toEqual(['sk-remembered', '']);
    expect(JSON.stringify(persisted)).not.toContain('sk-memory-only');
  });

  it('leaves out the actions', () => {
    const persisted = partializeSettings(stateWith({}));
    expect(Object.keys(persisted).sort()).toEqual(
      [
        'activeId',
        'connections',
        'defaults',
        'frame',
        'parameters',
        'presets',
        'sendKey',
        'theme',
        'timeoutSeconds',
      ].sort(),
    );
  });
});

describe('settings persistence: migrate and sanitize', () => {
  it('salvages the recognisable fields of an older or foreign stored value and drops the rest', () => {
    const migrated = migrateSettings(
      {
        connections: [remembered, { id: 7 }, 'junk', { id: 'c', baseURL: 'http://c.test', name: '' }],
        activeId: 'missing',
        parameters: { chat: { temperature: 0.3, max_tokens: Number.NaN }, bogus: { x: 1 }, code: 'no' },
        defaults: { temperature: '0.7', max_tokens: 512.5 },
        theme: 'neon',
        sendKey: 'mod-enter',
        timeoutSeconds: 90,
        extra: true,
      },
      0,
    );
    expect(migrated.connections.map((c) => c.id)).toEqual(['a', 'c']);
    expect(migrated.connections[1]).toMatchObject({
      name: 'http://c.test',
      apiKey: '',
      rememberKey: false,
      origin: 'user',
    });
    expect(migrated.activeId).toBe('a');
    expect(migrated.parameters).toEqual({ chat: { temperature: 0.3 }, code: {}, vision: {}, audio: {} });
    expect(migrated.defaults).toEqual({});
    expect(migrated.theme).toBe('system');
    expect(migrated.sendKey).toBe('mod-enter');
    expect(migrated.timeoutSeconds).toBe(90);
    expect(sanitizeSettings({ timeoutSeconds: 0 }).timeoutSeconds).toBeNull();
    expect(sanitizeSettings({ timeoutSeconds: '30' }).timeoutSeconds).toBeNull();
    expect(migrated).not.toHaveProperty('extra');
  });

  it('turns null, a string or an array into the first-visit settings', () => {
    for (const raw of [null, 'settings', [1, 2], 42]) {
      expect(sanitizeSettings(raw)).toEqual({
        connections: [],
        activeId: null,
        parameters: { chat: {}, code: {}, vision: {}, audio: {} },
        presets: [],
        defaults: {},
        theme: 'system',
        sendKey: 'enter',
        timeoutSeconds: null,
        frame: FRAME_DEFAULTS,
      });
    }
  });

  it('keeps the frame as it was left, each size brought within its limits', () => {
    const frame = sanitizeSettings({
      frame: {
        listSize: 2,
        rightSize: 55,
        bottomSize: 'tall',
        dock: 'bottom',
        listOpen: false,
        tabs: { chat: 'wire', code: 3 },
      },
    }).frame;
    expect(frame).toEqual({
      ...FRAME_DEFAULTS,
      listSize: FRAME_LIMITS.listSize.min,
      rightSize: 55,
      dock: 'bottom',
      listOpen: false,
      tabs: { chat: 'wire' },
    });
    expect(sanitizeSettings({ frame: { dock: 'left' } }).frame.dock).toBe('right');
  });

  it('drops a key that was stored without "remember" rather than trusting it', () => {
    const [connection] = sanitizeSettings({ connections: [{ ...forgotten }] }).connections;
    expect(connection?.apiKey).toBe('');
  });
});

describe('settings persistence: merge at hydration', () => {
  it('keeps an in-memory key of a connection whose key is not remembered', () => {
    const current = stateWith({ connections: [forgotten], activeId: 'b' });
    const merged = mergeSettings(
      { connections: [{ ...forgotten, apiKey: '', name: 'Renamed' }], activeId: 'b', theme: 'dark' },
      current,
    );
    expect(merged.connections[0]).toMatchObject({ name: 'Renamed', apiKey: 'sk-memory-only' });
    expect(merged.theme).toBe('dark');
    expect(merged.addConnection).toBe(current.addConnection);
  });
});
