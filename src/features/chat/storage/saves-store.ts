import { createStore, type StoreApi } from 'zustand/vanilla';

/** The conversations written to storage, announced so the list (titles, order) can follow. */
export interface SavesState {
  /** Counts writes; a reader re-reads the list when it changes. */
  revision: number;
  /** The conversation written last, or null before any write. */
  lastSavedId: string | null;
  noteSaved: (id: string) => void;
}

export type SavesStore = StoreApi<SavesState>;

export function createSavesStore(): SavesStore {
  return createStore<SavesState>()((set) => ({
    revision: 0,
    lastSavedId: null,
    noteSaved: (id) => set((s) => ({ revision: s.revision + 1, lastSavedId: id })),
  }));
}
