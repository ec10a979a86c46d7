import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cellView, type CellStatus, type CellView } from '../../../../src/lib/compare/cell-view';
import type { Comparison } from '../../../../src/lib/compare/comparison';
import { saveRunAsItGoes } from '../../../../src/lib/compare/run-saver';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A run the test drives: it sets the cells' text and status, and ends it. */
function fakeRun() {
  const listeners = new Set<() => void>();
  let views: readonly CellView[] = [];
  let end!: () => void;
  const done = new Promise<void>((resolve) => (end = resolve));
  const set = (content: string, status: CellStatus = 'streaming') => {
    views = [
      cellView({
        variantId: 'v1',
        status,
        reply: { content, firstTokenAt: null },
        error: null,
        timings: null,
      }),
    ];
    for (const listener of listeners) listener();
  };
  set('', 'waiting');
  return {
    run: {
      subscribe: (listener: () => void) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      getViews: () => views,
      done,
    },
    set,
    end,
  };
}

const base = {
  id: 'c1',
  title: 'T',
  createdAt: 0,
  systemPrompt: '',
  fewShot: [],
  functions: [],
  message: 'Hi',
  variants: [],
};

describe('saveRunAsItGoes', () => {
  it('saves at the start, at most once per delay while cells change, and the final state once the run ends', async () => {
    const fake = fakeRun();
    const saved: { content: string; status: string; final: boolean }[] = [];
    const save = vi.fn(async (_c: Comparison) => undefined);
    saveRunAsItGoes({
      run: fake.run,
      base,
      save,
      delayMs: 500,
      onSaved: (c, final) =>
        saved.push({ content: c.cells[0]!.reply.content, status: c.cells[0]!.status, final }),
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(saved).toEqual([{ content: '', status: 'waiting', final: false }]);

    fake.set('A');
    await vi.advanceTimersByTimeAsync(200);
    fake.set('AB');
    fake.set('ABC');
    expect(save).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(300);
    expect(saved.at(-1)).toEqual({ content: 'ABC', status: 'streaming', final: false });
    expect(save).toHaveBeenCalledTimes(2);

    fake.set('ABCD');
    fake.set('ABCDE', 'complete');
    fake.end();
    await vi.advanceTimersByTimeAsync(0);
    expect(saved.at(-1)).toEqual({ content: 'ABCDE', status: 'complete', final: true });
    // The pending throttled save was dropped in favour of the final one, and nothing follows it.
    await vi.advanceTimersByTimeAsync(1000);
    expect(save).toHaveBeenCalledTimes(3);
    expect(save.mock.calls.at(-1)![0]).toMatchObject({ id: 'c1', message: 'Hi' });
  });

  it('reports a failed save and goes on saving', async () => {
    const fake = fakeRun();
    const errors: unknown[] = [];
    const save = vi.fn().mockRejectedValueOnce(new Error('quota')).mockResolvedValue(undefined);
    saveRunAsItGoes({ run: fake.run, base, save, onError: (e) => errors.push(e) });
    fake.set('x', 'complete');
    fake.end();
    await vi.advanceTimersByTimeAsync(0);
    expect(errors).toEqual([new Error('quota')]);
    expect(save).toHaveBeenCalledTimes(2);
  });
});
