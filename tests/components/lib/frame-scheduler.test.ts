import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFrameScheduler } from '../../../src/lib/frame-scheduler';
import { eventually } from '../../support/eventually';

afterEach(() => vi.useRealTimers());

describe('createFrameScheduler', () => {
  it('runs once per frame however often it is scheduled', () => {
    const frames: (() => void)[] = [];
    const callback = vi.fn();
    const scheduler = createFrameScheduler(callback, {
      requestFrame: (run) => (frames.push(run), () => undefined),
    });
    scheduler.schedule();
    scheduler.schedule();
    scheduler.schedule();
    expect(frames).toHaveLength(1);
    frames[0]!();
    expect(callback).toHaveBeenCalledTimes(1);
    scheduler.schedule();
    expect(frames).toHaveLength(2);
    scheduler.cancel();
  });

  it('still runs when frames stop coming (a hidden tab)', () => {
    vi.useFakeTimers();
    const callback = vi.fn();
    const scheduler = createFrameScheduler(callback, { requestFrame: () => () => undefined, maxWaitMs: 250 });
    scheduler.schedule();
    vi.advanceTimersByTime(249);
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('uses requestAnimationFrame by default', async () => {
    const raf = vi.spyOn(window, 'requestAnimationFrame');
    const callback = vi.fn();
    createFrameScheduler(callback).schedule();
    expect(raf).toHaveBeenCalledTimes(1);
    await eventually(() => expect(callback).toHaveBeenCalledTimes(1));
    raf.mockRestore();
  });

  it('cancel drops a pending run', () => {
    vi.useFakeTimers();
    const callback = vi.fn();
    const scheduler = createFrameScheduler(callback, { requestFrame: () => () => undefined });
    scheduler.schedule();
    scheduler.cancel();
    vi.advanceTimersByTime(1000);
    expect(callback).not.toHaveBeenCalled();
  });
});
