// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { resetSettingsStore, useSettingsStore } from '../../../src/stores/settings-store';
import { SETTINGS_STORAGE_NAME, SETTINGS_VERSION } from '../../../src/stores/settings-persistence';

const store = useSettingsStore;

function stored(): { state: Record<string, unknown>; version: number } {
  return JSON.parse(localStorage.getItem(SETTINGS_STORAGE_NAME) ?? 'null');
}

afterEach(() => {
  resetSettingsStore();
  localStorage.clear();
});

describe('settings store: connections and persistence', () => {
  it('keeps a key in memory only unless "remember" is ticked, as stored in localStorage', () => {
    const id = store.getState().addConnection({
      name: 'Prod',
      baseURL: 'https://api.example.test/v1',
      apiKey: 'sk-never-stored',
      rememberKey: false,
    });
    expect(store.getState().connections[0]?.apiKey).toBe('sk-never-stored');
    expect(localStorage.getItem(SETTINGS_STORAGE_NAME)).toContain('https://api.example.test/v1');
    expect(localStorage.getItem(SETTINGS_STORAGE_NAME)).not.toContain('sk-never-stored');

    store.getState().updateConnection(id, { rememberKey: true });
    expect(localStorage.getItem(SETTINGS_STORAGE_NAME)).toContain('sk-never-stored');
    store.getState().updateConnection(id, { rememberKey: false });
    expect(localStorage.getItem(SETTINGS_STORAGE_NAME)).not.toContain('sk-never-stored');
  });

  it('writes its version, and after a reload has the remembered key but not the other', async () => {
    store
      .getState()
      .addConnection({ name: 'A', baseURL: 'http://a.test', apiKey: 'key-a', rememberKey: true });
    store
      .getState()
      .addConnection({ name: 'B', baseURL: 'http://b.test', apiKey: 'key-b', rememberKey: false });
    expect(stored().version).toBe(SETTINGS_VERSION);
    const saved = localStorage.getItem(SETTINGS_STORAGE_NAME) ?? '';

    // A reload: a fresh in-memory state, then hydration from what was saved.
    store.setState(store.getInitialState(), true);
    localStorage.setItem(SETTINGS_STORAGE_NAME, saved);
    await store.persist.rehydrate();
    expect(store.getState().connections.map((c) => [c.name, c.apiKey])).toEqual([
      ['A', 'key-a'],
      ['B', ''],
    ]);
  });

  it('migrates a stored value of another version instead of discarding or crashing on it', async () => {
    localStorage.setItem(
      SETTINGS_STORAGE_NAME,
      JSON.stringify({
        version: 0,
        state: { theme: 'dark', connections: 'not a list', defaults: { max_tokens: 1024 } },
      }),
    );
    await store.persist.rehydrate();
    expect(store.getState().theme).toBe('dark');
    expect(store.getState().connections).toEqual([]);
    expect(store.getState().defaults).toEqual({ max_tokens: 1024 });
    expect(stored().version).toBe(SETTINGS_VERSION);
  });

  it('makes the first connection active and, when the active one is removed, the next one', () => {
    const a = store
      .getState()
      .addConnection({ name: 'A', baseURL: 'http://a.test', apiKey: '', rememberKey: false });
    const b = store
      .getState()
      .addConnection({ name: 'B', baseURL: 'http://b.test', apiKey: '', rememberKey: false });
    expect(store.getState().activeId).toBe(a);
    store.getState().selectConnection('no-such-id');
    expect(store.getState().activeId).toBe(a);
    store.getState().removeConnection(a);
    expect(store.getState().activeId).toBe(b);
    store.getState().removeConnection(b);
    expect(store.getState().activeId).toBeNull();
  });

  it('adds the local service once from its bootstrap, then only refreshes its address and key', () => {
    store.getState().applyLocalBootstrap({ baseURL: 'http://127.0.0.1:8787/v1', apiKey: 'k1' });
    store.getState().applyLocalBootstrap({ baseURL: 'http://127.0.0.1:9000/v1', apiKey: 'k2' });
    const { connections, activeId } = store.getState();
    expect(connections).toHaveLength(1);
    expect(connections[0]).toMatchObject({
      baseURL: 'http://127.0.0.1:9000/v1',
      apiKey: 'k2',
      origin: 'local-service',
    });
    expect(activeId).toBe(connections[0]?.id);
    expect(localStorage.getItem(SETTINGS_STORAGE_NAME)).not.toContain('k2');
  });
});

describe('settings store: parameters, defaults, activity', () => {
  it('removes an unset parameter from its page object instead of keeping an undefined key', () => {
    store.getState().setParameter('chat', 'temperature', 0.2);
    store.getState().setParameter('chat', 'stop', ['\n\n']);
    expect(store.getState().parameters.chat).toEqual({ temperature: 0.2, stop: ['\n\n'] });
    store.getState().setParameter('chat', 'temperature', undefined);
    expect(Object.keys(store.getState().parameters.chat)).toEqual(['stop']);
    store.getState().resetParameters('chat');
    expect(store.getState().parameters.chat).toEqual({});
  });

  it('keeps each page’s parameters apart and persists them', () => {
    store.getState().setParameter('code', 'language', 'python');
    store.getState().setParameter('audio', 'response_format', 'srt');
    expect(store.getState().parameters).toEqual({
      chat: {},
      code: { language: 'python' },
      vision: {},
      audio: { response_format: 'srt' },
    });
    expect(stored().state.parameters).toEqual(store.getState().parameters);
  });

  it('sets and clears the chat defaults, absent when cleared', () => {
    store.getState().setDefault('max_tokens', 2048);
    store.getState().setDefault('temperature', 0.7);
    store.getState().setDefault('max_tokens', undefined);
    expect(store.getState().defaults).toEqual({ temperature: 0.7 });
  });

  it('resets to the first-visit state and storage', () => {
    store.getState().setTheme('dark');
    resetSettingsStore();
    expect(store.getState().theme).toBe('system');
    expect(localStorage.getItem(SETTINGS_STORAGE_NAME)).toBeNull();
  });
});
