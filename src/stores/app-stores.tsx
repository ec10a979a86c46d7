import { createContext, useContext, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { StoreApi } from 'zustand/vanilla';
import { WireLog } from '../lib/wire-log';
import { createActivityStore, type ActivityState } from './activity-store';
import {
  createInvalidPageParametersStore,
  type InvalidPageParametersState,
} from './invalid-page-parameters';

/**
 * State that belongs to one running app and to nothing else: created when the app mounts, gone with
 * it. Module-level singletons outlived every test and every remount, so tests had to reset them by
 * hand; one app, one set. (Settings are the exception: they mirror localStorage, which is per origin.
 * The chat page's stores are made alongside, in the app's providers: `features/chat/chat-stores`.)
 */
export interface AppStores {
  /** Every exchange of every client of this app, for the wire panes. */
  wireLog: WireLog;
  /** What responses said about rate limits; never persisted. */
  activity: StoreApi<ActivityState>;
  /** Fields of the Code, Vision and Audio pages showing a value no request may carry. */
  invalidParameters: StoreApi<InvalidPageParametersState>;
}

export function createAppStores(): AppStores {
  return {
    wireLog: new WireLog(),
    activity: createActivityStore(),
    invalidParameters: createInvalidPageParametersStore(),
  };
}

const AppStoresContext = createContext<AppStores | null>(null);

export function AppStoresProvider({ children, stores }: { children: ReactNode; stores?: AppStores }) {
  const [own] = useState(() => stores ?? createAppStores());
  return <AppStoresContext value={own}>{children}</AppStoresContext>;
}

/** The app's stores; a component rendered alone (in a test) gets a set of its own. */
export function useAppStores(): AppStores {
  const provided = useContext(AppStoresContext);
  const [own] = useState<AppStores | null>(() => (provided ? null : createAppStores()));
  return provided ?? (own as AppStores);
}

/** The app's wire log (the one its clients record into). */
export function useAppWireLog(): WireLog {
  return useAppStores().wireLog;
}

/** A value of the app's activity store (rate limits seen), through a selector. */
export function useActivity<T>(select: (state: ActivityState) => T): T {
  return useStore(useAppStores().activity, select);
}
