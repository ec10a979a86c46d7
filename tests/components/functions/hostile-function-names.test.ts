/**
 * A function call named after an Object member (a hostile server can send `constructor`, and the
 * reply is saved) finds no mock result: mocks are read by own key only (issue 26, crash 4).
 */
import { describe, expect, it, vi } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { startAutoRunner } from '../../../src/features/chat/functions/auto-runner';
import { mockResult } from '../../../src/features/chat/functions/mock-result';
import { newWorkbench } from '../../../src/features/chat/functions/workbench-state';
import { createWorkbenchesStore } from '../../../src/features/chat/functions/workbenches-store';
import type { ChatStores } from '../../../src/features/chat/chat-stores';

describe('function names that name Object members', () => {
  it('have no mock result until one is set, and one set under __proto__ is a key', () => {
    const store = createWorkbenchesStore(vi.fn());
    store.getState().actions.open('c1', newWorkbench([]));
    const state = () => store.getState().workbenches.c1!;
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty'])
      expect(mockResult(state(), name)).toBeUndefined();
    store.getState().actions.setMock('c1', '__proto__', '{"a": 1}');
    store.getState().actions.setMock('c1', 'constructor', '{"b": 2}');
    expect(mockResult(state(), '__proto__')).toBe('{"a": 1}');
    expect(mockResult(state(), 'constructor')).toBe('{"b": 2}');
    expect(Object.keys(state().mocks)).toEqual(['__proto__', 'constructor']);
    store.getState().actions.setMock('c1', '__proto__', '');
    expect(mockResult(state(), '__proto__')).toBeUndefined();
  });

  it('auto-run pauses on a call to `constructor` without a mock instead of sending Object', () => {
    const workbenches = createWorkbenchesStore(vi.fn());
    workbenches.getState().actions.open('c1', { ...newWorkbench([]), autoRun: true });
    const sessions = createStore(() => ({
      sessions: {
        c1: {
          status: 'ready',
          messages: [
            { id: 'u', role: 'user', content: 'hi', createdAt: 1 },
            {
              id: 'a',
              role: 'assistant',
              content: '',
              createdAt: 2,
              status: 'complete',
              function_call: { name: 'constructor', arguments: '{}' },
            },
          ],
        },
      },
    }));
    const stop = startAutoRunner(
      { sessions: sessions as unknown as ChatStores['sessions'], workbenches },
      'c1',
    );
    expect(workbenches.getState().workbenches.c1!.autoRunNote).toMatch(/'constructor' has no mock result/);
    expect(workbenches.getState().workbenches.c1!.timeline).toEqual([]);
    stop();
  });
});
