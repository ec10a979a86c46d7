import type { StateCreator } from 'zustand';
import type { SettingsState, SettingsMutators } from '../settings-types';

export type ThemePreference = 'system' | 'light' | 'dark';

/** `enter`: Enter sends, Shift+Enter breaks the line. `mod-enter`: Ctrl/Cmd+Enter sends, Enter breaks. */
export type SendKey = 'enter' | 'mod-enter';

export interface UiSlice {
  theme: ThemePreference;
  sendKey: SendKey;
  setTheme: (theme: ThemePreference) => void;
  setSendKey: (sendKey: SendKey) => void;
}

export const createUiSlice: StateCreator<SettingsState, SettingsMutators, [], UiSlice> = (set) => ({
  theme: 'system',
  sendKey: 'enter',
  setTheme: (theme) => set({ theme }),
  setSendKey: (sendKey) => set({ sendKey }),
});
