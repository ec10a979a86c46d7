import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDraftWriter } from '../../../../src/lib/page-drafts/draft-writer';

/** A window with what the writer listens to: `pagehide`, and the document's visibility. */
function fakeWindow() {
  const page = new EventTarget();
  const document = Object.assign(new EventTarget(), { visibilityState: 'visible' });
  return Object.assign(page, { document }) as unknown as Window & {
    document: EventTarget & { visibilityState: string };
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createDraftWriter', () => {
  it('writes the newest state once changes pause, not each one', async () => {
    const written: string[] = [];
    const writer = createDraftWriter<string>(async (value) => void written.push(value), {
      delayMs: 300,
      target: fakeWindow(),
    });
    writer.schedule('a');
    await vi.advanceTimersByTimeAsync(200);
    writer.schedule('ab');
    await vi.advanceTimersByTimeAsync(200);
    expect(written).toEqual([]);
    await vi.advanceTimersByTimeAsync(100);
    expect(written).toEqual(['ab']);
  });

  it('writes at once when the page is hidden or left, and on dispose', async () => {
    const target = fakeWindow();
    const written: string[] = [];
    const writer = createDraftWriter<string>(async (value) => void written.push(value), { target });
    writer.schedule('typed');
    target.document.visibilityState = 'hidden';
    target.document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(written).toEqual(['typed']);
    writer.schedule('more');
    target.dispatchEvent(new Event('pagehide'));
    await vi.advanceTimersByTimeAsync(0);
    expect(written).toEqual(['typed', 'more']);
    writer.schedule('last');
    await writer.dispose();
    expect(written).toEqual(['typed', 'more', 'last']);
    // Gone: a later pagehide writes nothing.
    target.dispatchEvent(new Event('pagehide'));
    await vi.advanceTimersByTimeAsync(1000);
    expect(written).toHaveLength(3);
  });

  it('writes one at a time, so an older state never lands after a newer one', async () => {
    const landed: string[] = [];
    const slow = (value: string) =>
      new Promise<void>((resolve) =>
        setTimeout(
          () => {
            landed.push(value);
            resolve();
          },
          value === 'old' ? 500 : 10,
        ),
      );
    const writer = createDraftWriter<string>(slow, { target: fakeWindow() });
    writer.schedule('old');
    void writer.flush();
    await vi.advanceTimersByTimeAsync(1); // the slow write of 'old' has begun
    writer.schedule('new');
    void writer.flush();
    await vi.advanceTimersByTimeAsync(1000);
    expect(landed).toEqual(['old', 'new']);
  });

  it('reports a failed write and tries again with the next change', async () => {
    const errors: unknown[] = [];
    let fail = true;
    const written: string[] = [];
    const writer = createDraftWriter<string>(
      async (value) => {
        if (fail) throw new Error('QuotaExceededError');
        written.push(value);
      },
      { target: fakeWindow(), onError: (error) => errors.push(error) },
    );
    writer.schedule('a');
    await writer.flush();
    expect(errors).toHaveLength(1);
    fail = false;
    writer.schedule('b');
    await writer.flush();
    expect(written).toEqual(['b']);
  });
});
