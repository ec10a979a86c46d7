import { readStoredPresets, type ParameterPreset } from '../lib/presets/presets';
import type { Connection, ModelPage } from './slices/connection-slice';
import type { ChatDefaults } from './slices/defaults-slice';
import { emptyParameters, type PageParameters } from './slices/parameters-slice';
import {
  FRAME_DEFAULTS,
  FRAME_LIMITS,
  type FrameLayout,
  type SendKey,
  type ThemePreference,
} from './slices/ui-slice';
import type { SettingsState } from './settings-types';

/** localStorage key of the settings. */
export const SETTINGS_STORAGE_NAME = 'svc-playground.settings';

/** Bump when the persisted shape changes, and teach `migrateSettings` the step. */
export const SETTINGS_VERSION = 1;

/** What is written to localStorage: settings only, never what was seen on the wire. */
export interface PersistedSettings {
  connections: Connection[];
  activeId: string | null;
  parameters: PageParameters;
  presets: ParameterPreset[];
  defaults: ChatDefaults;
  theme: ThemePreference;
  sendKey: SendKey;
  timeoutSeconds: number | null;
  frame: FrameLayout;
}

/**
 * Picks what is persisted. An API key is written ONLY for a connection whose `rememberKey` is true;
 * every other connection is stored with an empty key, so the key lives in memory alone.
 */
export function partializeSettings(state: SettingsState): PersistedSettings {
  return {
    connections: state.connections.map((c) => (c.rememberKey ? c : { ...c, apiKey: '' })),
    activeId: state.activeId,
    parameters: state.parameters,
    presets: state.presets,
    defaults: state.defaults,
    theme: state.theme,
    sendKey: state.sendKey,
    timeoutSeconds: state.timeoutSeconds,
    frame: state.frame,
  };
}

/**
 * Turns a stored value of any older version (or a corrupt one) into the current shape. Version 1 is
 * the first; there is no older shape yet, so this salvages every field it recognises and drops the
 * rest, which keeps a bad localStorage entry from ever breaking the app.
 */
export function migrateSettings(persisted: unknown, _version: number): PersistedSettings {
  return sanitizeSettings(persisted);
}

/**
 * Combines the stored settings with the in-memory state at hydration. A connection whose key is not
 * remembered keeps the key it already has in memory (hydration must never wipe a key just typed).
 */
export function mergeSettings(persisted: unknown, current: SettingsState): SettingsState {
  const stored = sanitizeSettings(persisted);
  const connections = stored.connections.map((c) => {
    if (c.rememberKey) return c;
    const inMemory = current.connections.find((m) => m.id === c.id);
    return inMemory ? { ...c, apiKey: inMemory.apiKey } : c;
  });
  return { ...current, ...stored, connections };
}

/** Keeps the fields of `raw` that have the right shape, with defaults for the rest. */
export function sanitizeSettings(raw: unknown): PersistedSettings {
  const source = isRecord(raw) ? raw : {};
  const connections = Array.isArray(source.connections)
    ? source.connections.flatMap((c) => {
        const connection = sanitizeConnection(c);
        return connection ? [connection] : [];
      })
    : [];
  const activeId =
    typeof source.activeId === 'string' && connections.some((c) => c.id === source.activeId)
      ? source.activeId
      : (connections[0]?.id ?? null);
  return {
    connections,
    activeId,
    parameters: sanitizeParameters(source.parameters),
    presets: readStoredPresets(source.presets),
    defaults: sanitizeDefaults(source.defaults),
    theme: source.theme === 'light' || source.theme === 'dark' ? source.theme : 'system',
    sendKey: source.sendKey === 'mod-enter' ? 'mod-enter' : 'enter',
    timeoutSeconds:
      typeof source.timeoutSeconds === 'number' && source.timeoutSeconds >= 1 && source.timeoutSeconds <= 3600
        ? source.timeoutSeconds
        : null,
    frame: sanitizeFrame(source.frame),
  };
}

/** The stored frame, each size brought within its limits; anything unreadable takes the default. */
function sanitizeFrame(raw: unknown): FrameLayout {
  const source = isRecord(raw) ? raw : {};
  const frame: FrameLayout = {
    ...FRAME_DEFAULTS,
    listOpen: source.listOpen !== false,
    inspectorOpen: source.inspectorOpen !== false,
    rightSized: source.rightSized === true,
    dock: source.dock === 'bottom' ? 'bottom' : 'right',
    tabs: isRecord(source.tabs)
      ? (Object.fromEntries(Object.entries(source.tabs).filter(([, v]) => typeof v === 'string')) as Record<
          string,
          string
        >)
      : {},
  };
  for (const [key, { min, max }] of Object.entries(FRAME_LIMITS) as [
    keyof typeof FRAME_LIMITS,
    { min: number; max: number },
  ][]) {
    const value = source[key];
    if (typeof value === 'number' && Number.isFinite(value)) frame[key] = Math.min(max, Math.max(min, value));
  }
  return frame;
}

/** The string-valued entries of a stored record, for the pages' last models. */
function stringsOf(raw: Record<string, unknown>): Partial<Record<ModelPage, string>> {
  const pages: readonly ModelPage[] = ['chat', 'code', 'vision', 'audio'];
  return Object.fromEntries(
    pages.flatMap((page) => (typeof raw[page] === 'string' ? [[page, raw[page]]] : [])),
  );
}

function sanitizeConnection(raw: unknown): Connection | null {
  if (!isRecord(raw) || typeof raw.id !== 'string' || typeof raw.baseURL !== 'string') return null;
  const rememberKey = raw.rememberKey === true;
  return {
    id: raw.id,
    name: typeof raw.name === 'string' && raw.name.trim() !== '' ? raw.name : raw.baseURL,
    baseURL: raw.baseURL,
    // A key stored without "remember" (by a bug or by hand) is dropped, not trusted.
    apiKey: rememberKey && typeof raw.apiKey === 'string' ? raw.apiKey : '',
    rememberKey,
    origin: raw.origin === 'local-service' ? 'local-service' : 'user',
    ...(raw.functionDialect === 'legacy' || raw.functionDialect === 'tools'
      ? { functionDialect: raw.functionDialect }
      : {}),
    ...(raw.chatImages === 'on' || raw.chatImages === 'off' ? { chatImages: raw.chatImages } : {}),
    ...(raw.thinkTags === true ? { thinkTags: true } : {}),
    ...(isRecord(raw.lastModels) ? { lastModels: stringsOf(raw.lastModels) } : {}),
  };
}

function sanitizeParameters(raw: unknown): PageParameters {
  const result = emptyParameters();
  if (!isRecord(raw)) return result;
  for (const page of Object.keys(result) as (keyof PageParameters)[]) {
    const values = raw[page];
    if (!isRecord(values)) continue;
    // Absent stays absent: JSON has no undefined, and null is a real value for `stop`/`logit_bias`.
    const kept = Object.entries(values).filter(([, v]) => typeof v !== 'number' || Number.isFinite(v));
    result[page] = Object.fromEntries(kept);
  }
  return result;
}

function sanitizeDefaults(raw: unknown): ChatDefaults {
  const result: ChatDefaults = {};
  if (!isRecord(raw)) return result;
  if (typeof raw.temperature === 'number' && Number.isFinite(raw.temperature)) {
    result.temperature = raw.temperature;
  }
  if (typeof raw.max_tokens === 'number' && Number.isInteger(raw.max_tokens))
    result.max_tokens = raw.max_tokens;
  return result;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
