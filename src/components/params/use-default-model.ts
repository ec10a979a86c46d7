import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { modelsQueryOptions, selectActiveConnection, useApi, useSettingsStore } from '../../stores';
import { preferredModel, type ModelPurpose } from './model-purpose';

/**
 * The active connection's model list (ids), undefined until it is read or when it cannot be. One
 * query for the whole app: every caller shares react-query's cache entry.
 */
export function useListedModels(): readonly string[] | undefined {
  const api = useApi();
  const models = useQuery(modelsQueryOptions(api));
  return models.data?.data.map((m) => m.id);
}

/** The model a page sends on the active connection when none is chosen (see `preferredModel`). */
export function useDefaultModel(purpose: ModelPurpose): string {
  const listed = useListedModels();
  const lastUsed = useSettingsStore((s) => selectActiveConnection(s)?.lastModels?.[purpose]);
  return preferredModel(purpose, listed, lastUsed);
}

/**
 * Calls `apply` with the model list of the connection just switched to (or added and selected), once
 * per switch, as soon as that list is read. A list that cannot be read calls nothing: the choices
 * stay, and the picker says the list is unreadable.
 */
export function useAfterConnectionSwitch(apply: (listed: readonly string[]) => void): void {
  const activeId = useSettingsStore((s) => s.activeId);
  const listed = useListedModels();
  const seen = useRef(activeId);
  const pending = useRef(false);
  const latest = useRef(apply);
  useEffect(() => {
    latest.current = apply;
  });
  useEffect(() => {
    if (seen.current === activeId) return;
    seen.current = activeId;
    pending.current = true;
  }, [activeId]);
  useEffect(() => {
    if (!pending.current || !listed || listed.length === 0) return;
    pending.current = false;
    latest.current(listed);
  }, [listed, activeId]);
}
