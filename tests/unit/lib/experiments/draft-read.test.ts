/**
 * The experiments page's stored draft, read back: when its worker cannot start (its code gone after
 * an update under an open tab), the draft is read on the page's thread, not taken for a storage
 * failure (the page would start afresh and save over it).
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultDraft } from '../../../../src/lib/experiments/page-draft';
import { createExperimentStore } from '../../../../src/lib/experiments/page-store';

/** A Worker whose code cannot be loaded: it reports an error and never answers. */
class UnstartableWorker {
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  onmessageerror: ((event: MessageEvent) => void) | null = null;
  static made = 0;
  constructor() {
    UnstartableWorker.made++;
  }
  postMessage() {
    queueMicrotask(() =>
      this.onerror?.({
        message: 'Failed to fetch a worker script',
        preventDefault: () => undefined,
      } as unknown as ErrorEvent),
    );
  }
  terminate() {}
}

afterEach(() => {
  delete (globalThis as { Worker?: unknown }).Worker;
});

describe('the stored experiment, read back', () => {
  it('is read on the page’s thread when its worker cannot start', async () => {
    let n = 0;
    const store = createExperimentStore(`draft-read-${Date.now()}`);
    const draft = defaultDraft(
      () => `id${n++}`,
      (temperature) => ({
        id: `v${n++}`,
        connectionId: 'local',
        model: 'svc-chat',
        parameters: { temperature },
      }),
    );
    await store.saveDraft(draft);
    (globalThis as { Worker?: unknown }).Worker = UnstartableWorker;
    const read = await store.loadDraft();
    expect(UnstartableWorker.made).toBe(1);
    expect(read.problems).toEqual([]);
    expect(read.draft?.runId).toBe(draft.runId);
    expect(read.draft?.rows.map((r) => r.vars)).toEqual(draft.rows.map((r) => r.vars));
  });
});
