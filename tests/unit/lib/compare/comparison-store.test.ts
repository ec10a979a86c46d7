import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Comparison } from '../../../../src/lib/compare/comparison';
import { createComparisonStore } from '../../../../src/lib/compare/comparison-store';

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

const comparison = (
  id: string,
  updatedAt: number,
  status: 'complete' | 'streaming' = 'complete',
): Comparison => ({
  id,
  title: `Comparison ${id}`,
  createdAt: 1,
  updatedAt,
  systemPrompt: '',
  fewShot: [],
  functions: [],
  message: 'Hi',
  variants: [{ id: 'v1', connectionId: 'c', model: 'svc-chat', parameters: { temperature: 0 } }],
  cells: [
    {
      variantId: 'v1',
      status,
      reply: { content: 'Hello', firstTokenAt: 5 },
      error: null,
      timings: { requestStartedAt: 2, firstTokenAt: 5, endedAt: status === 'complete' ? 9 : null },
    },
  ],
});

describe('comparison store', () => {
  it('lists the newest first, marks a comparison saved mid-stream as cut off, and loads it interrupted', async () => {
    const store = createComparisonStore();
    await store.save(comparison('a', 10));
    await store.save(comparison('b', 30, 'streaming'));
    await store.save(comparison('a', 20)); // saved again: one entry, updated
    expect(await store.list()).toEqual([
      { id: 'b', title: 'Comparison b', updatedAt: 30, variantCount: 1, cutOff: true },
      { id: 'a', title: 'Comparison a', updatedAt: 20, variantCount: 1, cutOff: false },
    ]);
    const b = await store.load('b');
    expect(b?.cells[0]).toMatchObject({ status: 'interrupted', reply: { content: 'Hello' } });
    expect((await store.load('a'))?.cells[0]?.status).toBe('complete');
  });

  it('survives a new store on the same database (a reload), and forgets what is removed', async () => {
    await createComparisonStore().save(comparison('a', 10));
    const again = createComparisonStore();
    expect(await again.has('a')).toBe(true);
    await again.remove('a');
    expect(await again.list()).toEqual([]);
    expect(await again.load('a')).toBeNull();
    expect(await again.has('a')).toBe(false);
  });
});
