import { describe, expect, it, vi } from 'vitest';
import { createModuleLoader } from '../../../src/lib/module-loader';

describe('createModuleLoader', () => {
  it('fetches once for every caller and tells each change to its listeners', async () => {
    const importer = vi.fn(() => Promise.resolve({ answer: 42 }));
    const loader = createModuleLoader(importer);
    const seen: string[] = [];
    loader.subscribe(() => seen.push(loader.state().status));
    expect(loader.current()).toBeNull();
    const idle = loader.state();
    expect(loader.state()).toBe(idle); // a stable snapshot while nothing changes
    const [a, b] = await Promise.all([loader.load(), loader.load()]);
    expect(importer).toHaveBeenCalledTimes(1);
    expect(a).toBe(b);
    expect(loader.current()).toEqual({ answer: 42 });
    expect(seen).toEqual(['loading', 'ready']);
    await loader.load();
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('reports a failed fetch with its reason, and the next load tries again', async () => {
    const importer = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce('here');
    const loader = createModuleLoader(importer);
    await expect(loader.load()).rejects.toThrow('Failed to fetch');
    expect(loader.state()).toEqual({
      status: 'failed',
      reason: 'Failed to fetch dynamically imported module',
    });
    expect(loader.current()).toBeNull();
    await expect(loader.load()).resolves.toBe('here');
    expect(loader.state()).toEqual({ status: 'ready', value: 'here' });
  });

  it('starts a fetch asked for from a render after it returns, once, telling listeners only then', async () => {
    const importer = vi.fn(() => Promise.resolve({ answer: 42 }));
    const loader = createModuleLoader(importer);
    const seen: string[] = [];
    loader.subscribe(() => seen.push(loader.state().status));
    loader.request();
    loader.request();
    // Nothing published while the caller (a render) still runs.
    expect(seen).toEqual([]);
    expect(importer).not.toHaveBeenCalled();
    await Promise.resolve();
    expect(importer).toHaveBeenCalledTimes(1);
    expect(seen).toEqual(['loading']);
    await loader.load();
    expect(seen).toEqual(['loading', 'ready']);
    loader.request();
    await Promise.resolve();
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('stops telling a listener once it unsubscribes', async () => {
    const loader = createModuleLoader(() => Promise.resolve(1));
    const listener = vi.fn();
    loader.subscribe(listener)();
    await loader.load();
    expect(listener).not.toHaveBeenCalled();
  });
});
