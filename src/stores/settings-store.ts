import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { createConnectionSlice } from './slices/connection-slice';
import { createDefaultsSlice } from './slices/defaults-slice';
import { createParametersSlice } from './slices/parameters-slice';
import { createPresetsSlice } from './slices/presets-slice';
import { createUiSlice } from './slices/ui-slice';
import {
  mergeSettings,
  migrateSettings,
  partializeSettings,
  SETTINGS_STORAGE_NAME,
  SETTINGS_VERSION,
  type PersistedSettings,
} from './settings-persistence';
import type { SettingsState } from './settings-types';

/**
 * The one settings store: connections, per-page parameters, chat defaults and UI preferences. What
 * responses say (rate limits) is in each app's `activity-store.ts`, so a response never writes
 * localStorage. `persist` is applied once, here, at the combined store; see `settings-persistence.ts`
 * for what is written (never a key the user did not ask to remember).
 * Read it with atomic selectors (`useSettingsStore((s) => s.theme)`), or `useShallow` for objects.
 */
export const useSettingsStore = create<SettingsState>()(
  persist<SettingsState, [], [], PersistedSettings>(
    (...a) => ({
      ...createConnectionSlice(...a),
      ...createParametersSlice(...a),
      ...createPresetsSlice(...a),
      ...createDefaultsSlice(...a),
      ...createUiSlice(...a),
    }),
    {
      name: SETTINGS_STORAGE_NAME,
      version: SETTINGS_VERSION,
      storage: createJSONStorage(() => localStorage),
      partialize: partializeSettings,
      migrate: migrateSettings,
      merge: mergeSettings,
    },
  ),
);

/**
 * Follows settings changed in another tab. That tab writes localStorage only when a person changes a
 * setting (responses no longer do); without reading it back, the other tab's change would not show
 * here, and this tab's next change of a setting would silently undo it.
 * Returns the function that stops following.
 */
export function followSettingsFromOtherTabs(target: Window = window): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === SETTINGS_STORAGE_NAME) void useSettingsStore.persist.rehydrate();
  };
  target.addEventListener('storage', onStorage);
  return () => target.removeEventListener('storage', onStorage);
}

const initialState = useSettingsStore.getInitialState();

/**
 * Puts the store back to its first state and forgets what it persisted. For tests (call it between
 * tests) and for a "reset all settings" action.
 */
export function resetSettingsStore(): void {
  useSettingsStore.setState(initialState, true);
  // After setState, which persists the fresh state: storage ends up empty, as on a first visit.
  useSettingsStore.persist.clearStorage();
}
