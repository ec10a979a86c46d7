import type { Connection } from './slices/connection-slice';
import type { SettingsState } from './settings-types';

/**
 * The active connection, or null. Returns the stored object itself, so it is a stable atomic
 * selector (no `useShallow` needed).
 */
export function selectActiveConnection(state: SettingsState): Connection | null {
  return state.connections.find((c) => c.id === state.activeId) ?? null;
}
