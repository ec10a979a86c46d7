import type { StateCreator } from 'zustand';
import type { SettingsState, SettingsMutators } from '../settings-types';

export type ThemePreference = 'system' | 'light' | 'dark';

/** `enter`: Enter sends, Shift+Enter breaks the line. `mod-enter`: Ctrl/Cmd+Enter sends, Enter breaks. */
export type SendKey = 'enter' | 'mod-enter';

/** Where the inspector sits on a wide screen: beside the work area or under it. */
export type InspectorDock = 'right' | 'bottom';

/**
 * The pages' frame as the user left it. Sizes are percentages of the box they divide (the list of
 * the frame's width; the inspector of what the list leaves, across or down by `dock`), so they keep
 * their proportions when the window changes.
 */
export interface FrameLayout {
  listSize: number;
  listOpen: boolean;
  dock: InspectorDock;
  rightSize: number;
  /**
   * The person has set the docked-right inspector's width (a drag, a key, a reset): from then on it
   * is theirs, and no tab widens it.
   */
  rightSized: boolean;
  bottomSize: number;
  inspectorOpen: boolean;
  /** The inspector tab last opened, per page. */
  tabs: Record<string, string>;
}

/** Smallest, largest and double-click size of each pane; the work area always keeps the rest. */
export const FRAME_LIMITS = {
  listSize: { min: 12, max: 40, initial: 20 },
  rightSize: { min: 20, max: 70, initial: 34 },
  bottomSize: { min: 20, max: 75, initial: 40 },
} as const;

export const FRAME_DEFAULTS: FrameLayout = {
  listSize: FRAME_LIMITS.listSize.initial,
  listOpen: true,
  dock: 'right',
  rightSize: FRAME_LIMITS.rightSize.initial,
  rightSized: false,
  bottomSize: FRAME_LIMITS.bottomSize.initial,
  inspectorOpen: true,
  tabs: {},
};

export interface UiSlice {
  theme: ThemePreference;
  sendKey: SendKey;
  /**
   * How long a request may wait for its answer, in seconds (for a stream: for its first byte);
   * null uses the client's default of 60.
   */
  timeoutSeconds: number | null;
  frame: FrameLayout;
  setTheme: (theme: ThemePreference) => void;
  setSendKey: (sendKey: SendKey) => void;
  setTimeoutSeconds: (seconds: number | null) => void;
  /** Changes part of the frame (written to localStorage: call it when a drag ends, not per move). */
  setFrame: (patch: Partial<FrameLayout>) => void;
}

export const createUiSlice: StateCreator<SettingsState, SettingsMutators, [], UiSlice> = (set) => ({
  theme: 'system',
  sendKey: 'enter',
  timeoutSeconds: null,
  frame: FRAME_DEFAULTS,
  setTheme: (theme) => set({ theme }),
  setSendKey: (sendKey) => set({ sendKey }),
  setTimeoutSeconds: (timeoutSeconds) => set({ timeoutSeconds }),
  setFrame: (patch) => set((s) => ({ frame: { ...s.frame, ...patch } })),
});
