import type { StateCreator } from 'zustand';
import type { SettingsState, SettingsMutators } from '../settings-types';

export type ThemePreference = 'system' | 'light' | 'dark';

/** `enter`: Enter sends, Shift+Enter breaks the line. `mod-enter`: Ctrl/Cmd+Enter sends, Enter breaks. */
export type SendKey = 'enter' | 'mod-enter';

export interface UiSlice {
  theme: ThemePreference;
  sendKey: SendKey;
  /**
   * How long a request may wait for its answer, in seconds (for a stream: for its first byte);
   * null uses the client's default of 60.
   */
  timeoutSeconds: number | null;
  setTheme: (theme: ThemePreference) => void;
  setSendKey: (sendKey: SendKey) => void;
  setTimeoutSeconds: (seconds: number | null) => void;
}

export const createUiSlice: StateCreator<SettingsState, SettingsMutators, [], UiSlice> = (set) => ({
  theme: 'system',
  sendKey: 'enter',
  timeoutSeconds: null,
  setTheme: (theme) => set({ theme }),
  setSendKey: (sendKey) => set({ sendKey }),
  setTimeoutSeconds: (timeoutSeconds) => set({ timeoutSeconds }),
});
