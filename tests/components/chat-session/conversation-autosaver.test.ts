import 'fake-indexeddb/auto';
import { createStore } from 'idb-keyval';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StorageError } from '../../../src/features/chat/storage';
import {
  autosaveSessions,
  createAutosaver,
  createConversationStore,
  createPersistentStorageRequest,
  titleFromMessages,
} from '../../../src/features/chat/storage';
import type { Conversation } from '../../../src/lib/chat';
import { localService, session } from './session-harness';
import { eventually } from '../../support/eventually';

let dbCount = 0;
const freshStore = () => createStore(`autosave-db-${++dbCount}`, 'conversations');

const conversation = (content: string): Conversation => ({
  id: 'c',
  title: 'T',
  createdAt: 0,
  updatedAt: 0,
  model: 'svc-chat',
  systemPrompt: '',
  parameters: {},
  messages: [{ id: 'm', role: 'assistant', content, status: 'streaming', createdAt: 0 }],
});

afterEach(() => vi.useRealTimers());

describe('autosaver', () => {
  it('writes the newest state once after a burst of changes', async () => {
    vi.useFakeTimers();
    const saved: string[] = [];
    const autosaver = createAutosaver({
      save: async (c) => void saved.push(c.messages[0]!.content),
      debounceMs: 100,
    });
    autosaver.schedule(conversation('a'));
    autosaver.schedule(conversation('ab'));
    autosaver.schedule(conversation('abc'));
    await vi.advanceTimersByTimeAsync(150);
    expect(saved).toEqual(['abc']);
    await autosaver.dispose();
  });

  it('saves a streaming reply at least every maxWait even while changes never pause', async () => {
    vi.useFakeTimers();
    const saved: string[] = [];
    const autosaver = createAutosaver({
      save: async (c) => void saved.push(c.messages[0]!.content),
      debounceMs: 300,
      maxWaitMs: 500,
    });
    let text = '';
    for (let frame = 0; frame < 120; frame++) {
      text += 'x';
      autosaver.schedule(conversation(text));
      await vi.advanceTimersByTimeAsync(16); // one animation frame
    }
    // 120 frames of 16 ms = 1.92 s of streaming with no pause: a debounce alone would never fire.
    expect(saved.length).toBeGreaterThanOrEqual(3);
    expect(saved.every((s, i) => i === 0 || s.length > saved[i - 1]!.length)).toBe(true);
    await autosaver.dispose();
  });

  it('writes at once when the page is hidden or unloaded', async () => {
    const saved: string[] = [];
    const autosaver = createAutosaver({
      save: async (c) => void saved.push(c.messages[0]!.content),
      debounceMs: 60_000,
      maxWaitMs: 60_000,
    });
    autosaver.schedule(conversation('before pagehide'));
    window.dispatchEvent(new Event('pagehide'));
    await eventually(() => expect(saved).toEqual(['before pagehide']));
    autosaver.schedule(conversation('before hidden'));
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    await eventually(() => expect(saved).toEqual(['before pagehide', 'before hidden']));
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    await autosaver.dispose();
  });

  it('reports a quota error through onError and lastError, and retries on the next flush', async () => {
    let full = true;
    const errors: StorageError[] = [];
    const saved: string[] = [];
    const autosaver = createAutosaver({
      save: async (c) => {
        if (full) throw new DOMException('full', 'QuotaExceededError');
        saved.push(c.messages[0]!.content);
      },
      onError: (e) => errors.push(e),
    });
    autosaver.schedule(conversation('precious'));
    await expect(autosaver.flush()).rejects.toMatchObject({ kind: 'quota' });
    expect(errors).toHaveLength(1);
    expect(autosaver.lastError?.kind).toBe('quota');
    full = false;
    await autosaver.flush();
    expect(saved).toEqual(['precious']);
    expect(autosaver.lastError).toBeNull();
    await autosaver.dispose();
  });
});

describe('autosaver batches', () => {
  it('saves the rest of a batch when one conversation fails, and retries the failed one', async () => {
    let failA = true;
    const saved: string[] = [];
    const errors: StorageError[] = [];
    const autosaver = createAutosaver({
      save: async (c) => {
        if (c.id === 'a' && failA) throw new DOMException('full', 'QuotaExceededError');
        saved.push(c.id);
      },
      onError: (e) => errors.push(e),
    });
    autosaver.schedule({ ...conversation('first'), id: 'a', title: 'A' });
    autosaver.schedule({ ...conversation('second'), id: 'b', title: 'B' });
    autosaver.schedule({ ...conversation('third'), id: 'c', title: 'C' });
    await expect(autosaver.flush()).rejects.toMatchObject({ kind: 'quota' });
    // B and C were written although A, before them in the batch, failed.
    expect(saved).toEqual(['b', 'c']);
    expect(errors).toHaveLength(1);
    expect(errors[0]?.message).toMatch(/"A"/);
    failA = false;
    await autosaver.flush();
    expect(saved).toEqual(['b', 'c', 'a']);
    expect(autosaver.lastError).toBeNull();
    await autosaver.dispose();
  });
});

describe('saving a live session', () => {
  it('finds the partial reply, marked interrupted, after a reload mid-stream', async () => {
    const db = freshStore();
    const store = createConversationStore({ store: db });
    const autosaver = createAutosaver({ save: store.save, debounceMs: 0, maxWaitMs: 0 });
    const chat = session(localService({ slow: true }));
    autosaveSessions(chat.stores.sessions, autosaver);
    let saw = '';
    const saved = new Promise<void>((resolve) => {
      chat.subscribe(() => {
        const reply = chat.getSnapshot().messages.at(-1)!;
        if (!saw && reply.status === 'streaming' && reply.content.length > 20) {
          saw = reply.content;
          // The page goes away now: what was saved is all a reload will see.
          window.dispatchEvent(new Event('pagehide'));
          void autosaver.flush().then(resolve);
        }
      });
    });
    const sending = chat.send('Hello from before the reload');
    await saved;
    const afterReload = await createConversationStore({ store: db }).load(chat.id);
    chat.stop();
    await sending;
    expect(afterReload!.title).toBe('Hello from before the reload');
    const reply = afterReload!.messages[1]!;
    expect(reply.status).toBe('interrupted');
    expect(reply.content.startsWith(saw)).toBe(true);
    expect(reply.content.length).toBeGreaterThan(0);
    await autosaver.dispose();
  }, 20_000); // a paced stream: slow on a busy machine, not a timing assertion

  it('derives a title from the first user message only for untitled conversations', () => {
    const messages = [{ id: '1', role: 'user' as const, content: 'Plan a trip\nto Rome', createdAt: 0 }];
    expect(titleFromMessages({ title: 'New conversation', messages })).toBe('Plan a trip');
    expect(titleFromMessages({ title: 'Mine', messages })).toBe('Mine');
  });
});

describe('persistent storage', () => {
  it('asks the browser once and remembers the answer', async () => {
    const persist = vi.fn().mockResolvedValue(true);
    const original = Object.getOwnPropertyDescriptor(navigator, 'storage');
    Object.defineProperty(navigator, 'storage', {
      value: { persist, persisted: async () => false },
      configurable: true,
    });
    const requestPersistentStorage = createPersistentStorageRequest();
    try {
      expect(await requestPersistentStorage()).toBe('granted');
      expect(await requestPersistentStorage()).toBe('granted');
      expect(persist).toHaveBeenCalledTimes(1);
    } finally {
      if (original) Object.defineProperty(navigator, 'storage', original);
      else delete (navigator as { storage?: unknown }).storage;
    }
  });
});
