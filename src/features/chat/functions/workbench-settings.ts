import type { ResultRole, WorkbenchState } from './workbench-state';

/**
 * What a conversation's workbench keeps across reloads: its mock results and auto-run settings. The
 * conversation record saves only the definitions; these are the workbench's own, so they live here,
 * in this browser's localStorage, keyed by conversation.
 */
export type WorkbenchSettings = Pick<WorkbenchState, 'mocks' | 'autoRun' | 'maxSteps' | 'resultRole'>;

const PREFIX = 'svc-playground:workbench:';

/** The settings saved for a conversation; whatever is missing or damaged is left out (the defaults stay). */
export function loadWorkbenchSettings(id: string): Partial<WorkbenchSettings> {
  let raw: unknown;
  try {
    raw = JSON.parse(localStorage.getItem(PREFIX + id) ?? 'null');
  } catch {
    return {};
  }
  if (typeof raw !== 'object' || raw === null) return {};
  const saved = raw as Record<string, unknown>;
  const settings: Partial<WorkbenchSettings> = {};
  if (typeof saved.mocks === 'object' && saved.mocks !== null) {
    // Null-prototype, as the store keeps them: a function named `__proto__` stays a key.
    const mocks: Record<string, string> = Object.create(null);
    for (const [name, result] of Object.entries(saved.mocks))
      if (typeof result === 'string') mocks[name] = result;
    settings.mocks = mocks;
  }
  if (typeof saved.autoRun === 'boolean') settings.autoRun = saved.autoRun;
  if (typeof saved.maxSteps === 'number' && Number.isInteger(saved.maxSteps) && saved.maxSteps >= 1)
    settings.maxSteps = Math.min(20, saved.maxSteps);
  if (saved.resultRole === 'function' || saved.resultRole === 'user')
    settings.resultRole = saved.resultRole satisfies ResultRole;
  return settings;
}

/** Saves them; a full or blocked storage costs only persistence, never the settings on screen. */
export function saveWorkbenchSettings(id: string, settings: WorkbenchSettings): void {
  try {
    localStorage.setItem(
      PREFIX + id,
      JSON.stringify({
        mocks: { ...settings.mocks },
        autoRun: settings.autoRun,
        maxSteps: settings.maxSteps,
        resultRole: settings.resultRole,
      }),
    );
  } catch {
    // Private mode or quota: they stay in memory for this visit.
  }
}

/** The conversation was deleted: its settings go with it. */
export function forgetWorkbenchSettings(id: string): void {
  try {
    localStorage.removeItem(PREFIX + id);
  } catch {
    // Nothing was kept, or storage is blocked: nothing to forget.
  }
}
