import type { ConnectionSlice } from './slices/connection-slice';
import type { DefaultsSlice } from './slices/defaults-slice';
import type { ParametersSlice } from './slices/parameters-slice';
import type { PresetsSlice } from './slices/presets-slice';
import type { UiSlice } from './slices/ui-slice';

/** The whole settings store: every slice spread into one object. */
export type SettingsState = ConnectionSlice & ParametersSlice & PresetsSlice & DefaultsSlice & UiSlice;

/** The middlewares applied (once) at the combined store, for the slices' `StateCreator` types. */
export type SettingsMutators = [['zustand/persist', unknown]];
