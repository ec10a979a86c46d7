import type { StateCreator } from 'zustand';
import type { SettingsState, SettingsMutators } from '../settings-types';

/**
 * The chat defaults the spec states inconsistently (temperature 1.0 or 0.7; max_tokens 4096, 1024
 * or none), so the user decides. Absent means "not sent: the server decides".
 */
export interface ChatDefaults {
  temperature?: number;
  max_tokens?: number;
}

export interface DefaultsSlice {
  defaults: ChatDefaults;
  /** Sets a default; `undefined` removes it (the parameter is then not sent at all). */
  setDefault: <K extends keyof ChatDefaults>(name: K, value: ChatDefaults[K] | undefined) => void;
}

export const createDefaultsSlice: StateCreator<SettingsState, SettingsMutators, [], DefaultsSlice> = (
  set,
) => ({
  defaults: {},
  setDefault: (name, value) =>
    set((s) => {
      const next: ChatDefaults = { ...s.defaults };
      if (value === undefined) delete next[name];
      else next[name] = value;
      return { defaults: next };
    }),
});
