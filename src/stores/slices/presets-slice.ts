import type { StateCreator } from 'zustand';
import type { ParameterPreset } from '../../lib/presets/presets';
import type { SettingsState, SettingsMutators } from '../settings-types';

/** Named parameter sets, each of one page; saved with the settings in this browser. */
export interface PresetsSlice {
  presets: ParameterPreset[];
  /** Adds `preset`, or replaces the one with its id (Save under a name already used). */
  savePreset: (preset: ParameterPreset) => void;
  deletePreset: (id: string) => void;
  /** Puts a deleted preset back where it was (Delete's undo). */
  restorePreset: (preset: ParameterPreset, index: number) => void;
}

export const createPresetsSlice: StateCreator<SettingsState, SettingsMutators, [], PresetsSlice> = (
  set,
) => ({
  presets: [],
  savePreset: (preset) =>
    set((s) => {
      const at = s.presets.findIndex((p) => p.id === preset.id);
      if (at === -1) return { presets: [...s.presets, preset] };
      const presets = [...s.presets];
      presets[at] = preset;
      return { presets };
    }),
  deletePreset: (id) => set((s) => ({ presets: s.presets.filter((p) => p.id !== id) })),
  restorePreset: (preset, index) =>
    set((s) => {
      if (s.presets.some((p) => p.id === preset.id)) return s;
      const presets = [...s.presets];
      presets.splice(Math.min(Math.max(0, index), presets.length), 0, preset);
      return { presets };
    }),
});
