import { describe, expect, it } from 'vitest';
import {
  ChildMissingError,
  ChildTimeoutError,
  runChild,
} from '../../../server/engines/audio-local/run-child';

function gone(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return false;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

describe('runChild', () => {
  it('returns exit code and output', async () => {
    const result = await runChild('sh', ['-c', 'echo out; echo err >&2; exit 3'], {
      signal: new AbortController().signal,
      timeoutMs: 10_000,
    });
    expect(result).toEqual({ code: 3, stdout: 'out\n', stderr: 'err\n' });
  });

  it('kills the child on abort and rejects with the abort reason once it is gone', async () => {
    const controller = new AbortController();
    let pid = 0;
    const running = runChild('sleep', ['30'], {
      signal: controller.signal,
      timeoutMs: 60_000,
      onSpawn: (p) => {
        pid = p;
        controller.abort(new Error('client left'));
      },
    });
    await expect(running).rejects.toThrow('client left');
    expect(gone(pid)).toBe(true);
  });

  it('kills the child at the time limit', async () => {
    let pid = 0;
    const running = runChild('sleep', ['30'], {
      signal: new AbortController().signal,
      timeoutMs: 100,
      onSpawn: (p) => (pid = p),
    });
    await expect(running).rejects.toBeInstanceOf(ChildTimeoutError);
    expect(gone(pid)).toBe(true);
  });

  it('says when the program is not installed', async () => {
    await expect(
      runChild('no_such_program_here', [], { signal: new AbortController().signal, timeoutMs: 1000 }),
    ).rejects.toBeInstanceOf(ChildMissingError);
  });
});
