import type { StateCreator } from 'zustand';
import { newConnectionId, type ChatImagesChoice, type FunctionDialectChoice } from '../../lib/connection';
import type { SettingsState, SettingsMutators } from '../settings-types';

/** Where a saved connection came from; the local service's own entry is refreshed at every start. */
export type ConnectionOrigin = 'user' | 'local-service';

/** A server the playground can talk to. */
export interface Connection {
  id: string;
  name: string;
  /** As the user typed it; the client normalises it (with or without `/v1`). */
  baseURL: string;
  /** Kept in memory only unless `rememberKey` is true. */
  apiKey: string;
  /** When true the key is also written to localStorage. */
  rememberKey: boolean;
  origin: ConnectionOrigin;
  /** Which function-calling dialect requests speak; absent is `auto` (see `resolveFunctionDialect`). */
  functionDialect?: FunctionDialectChoice;
  /** Whether chat messages carry images; absent is `auto` (see `chatImagesRefusal`). */
  chatImages?: ChatImagesChoice;
  /** Read a leading `<think>…</think>` in replies as reasoning (servers that put it in `content`). */
  thinkTags?: boolean;
  /** The model last chosen on this connection, per page: what the page goes back to here. */
  lastModels?: Partial<Record<ModelPage, string>>;
}

/** The pages that pick a model (the same names as `ModelPurpose`). */
export type ModelPage = 'chat' | 'code' | 'vision' | 'audio';

export type ConnectionInput = Omit<Connection, 'id' | 'origin'> & { origin?: ConnectionOrigin };

/** What the local service's `GET /__local/bootstrap` tells its own page. */
export interface LocalServiceBootstrap {
  baseURL: string;
  apiKey: string;
}

export const LOCAL_SERVICE_NAME = 'Local service';

export interface ConnectionSlice {
  connections: Connection[];
  /** The connection every request uses; null when there is none. */
  activeId: string | null;
  /** Adds a connection and returns its id; the first connection added becomes active. */
  addConnection: (input: ConnectionInput) => string;
  updateConnection: (id: string, patch: Partial<Omit<Connection, 'id'>>) => void;
  /** Removes a connection; when it was active, the first remaining one becomes active. */
  removeConnection: (id: string) => void;
  selectConnection: (id: string) => void;
  /** Records the model chosen for a page on the active connection. */
  rememberModel: (page: ModelPage, model: string) => void;
  /**
   * Adds or refreshes the "Local service" connection from the local service's bootstrap answer.
   * It is selected when it is new or when nothing is active; a choice the user made is kept.
   */
  applyLocalBootstrap: (bootstrap: LocalServiceBootstrap) => void;
}

export const createConnectionSlice: StateCreator<SettingsState, SettingsMutators, [], ConnectionSlice> = (
  set,
  get,
) => ({
  connections: [],
  activeId: null,
  addConnection: (input) => {
    const id = newConnectionId();
    const connection: Connection = { ...input, origin: input.origin ?? 'user', id };
    set((s) => ({ connections: [...s.connections, connection], activeId: s.activeId ?? id }));
    return id;
  },
  updateConnection: (id, patch) =>
    set((s) => ({ connections: s.connections.map((c) => (c.id === id ? { ...c, ...patch, id } : c)) })),
  removeConnection: (id) =>
    set((s) => {
      const connections = s.connections.filter((c) => c.id !== id);
      const activeId = s.activeId === id ? (connections[0]?.id ?? null) : s.activeId;
      return { connections, activeId };
    }),
  rememberModel: (page, model) =>
    set((s) => ({
      connections: s.connections.map((c) =>
        c.id === s.activeId ? { ...c, lastModels: { ...c.lastModels, [page]: model } } : c,
      ),
    })),
  selectConnection: (id) => {
    if (get().connections.some((c) => c.id === id)) set({ activeId: id });
  },
  applyLocalBootstrap: ({ baseURL, apiKey }) => {
    const { connections, activeId } = get();
    const existing =
      connections.find((c) => c.origin === 'local-service') ?? connections.find((c) => c.baseURL === baseURL);
    if (existing) {
      set({
        connections: connections.map((c) =>
          c.id === existing.id ? { ...c, baseURL, apiKey, origin: 'local-service' } : c,
        ),
        activeId: activeId ?? existing.id,
      });
      return;
    }
    const id = newConnectionId();
    const local: Connection = {
      id,
      name: LOCAL_SERVICE_NAME,
      baseURL,
      apiKey,
      rememberKey: false,
      origin: 'local-service',
    };
    set({ connections: [...connections, local], activeId: id });
  },
});
