import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../server/config';
import { readStartOptions, START_TOKENS_PER_SECOND, startPace } from '../../server/start-options';

/** The pace `npm start` would run at, given its environment and arguments. */
function paceOf(env: Record<string, string>, args: string[] = []): number | null {
  return startPace(resolveConfig(env), env, readStartOptions(args));
}

describe("npm start's options", () => {
  it('paces the reference engine like a model when nothing says otherwise', () => {
    expect(START_TOKENS_PER_SECOND).toBe(80);
    expect(paceOf({})).toBe(80);
    expect(paceOf({ SVC_REFERENCE_TOKENS_PER_SECOND: '  ' })).toBe(80);
  });

  it('takes the pace from SVC_REFERENCE_TOKENS_PER_SECOND, 0 for unpaced', () => {
    expect(paceOf({ SVC_REFERENCE_TOKENS_PER_SECOND: '40' })).toBe(40);
    expect(paceOf({ SVC_REFERENCE_TOKENS_PER_SECOND: '0' })).toBeNull();
  });

  it('lets --pace win over the variable, in either spelling', () => {
    expect(paceOf({ SVC_REFERENCE_TOKENS_PER_SECOND: '40' }, ['--pace=0'])).toBeNull();
    expect(paceOf({ SVC_REFERENCE_TOKENS_PER_SECOND: '0' }, ['--pace', '120'])).toBe(120);
    expect(readStartOptions(['--no-build', '--pace=5'])).toEqual({ build: false, pace: '5' });
  });

  it('refuses a bad pace, naming where it came from and what is accepted', () => {
    expect(() => paceOf({}, ['--pace=fast'])).toThrow(
      '--pace="fast" is not valid: expected an integer number of tokens per second from 0 (unpaced) to 100000',
    );
    expect(() => paceOf({}, ['--pace=-1'])).toThrow(/--pace="-1" is not valid/);
    expect(() => paceOf({ SVC_REFERENCE_TOKENS_PER_SECOND: '2.5' })).toThrow(
      /SVC_REFERENCE_TOKENS_PER_SECOND="2.5" is not valid: expected an integer number of tokens per second from 0/,
    );
  });

  it('refuses an argument it does not know, listing the ones it does', () => {
    expect(() => readStartOptions(['--fast'])).toThrow(
      'Unknown argument --fast: the options are --no-build and --pace=<tokens per second, 0 for unpaced>.',
    );
    expect(() => readStartOptions(['--pace'])).toThrow(/Unknown argument --pace/);
  });
});
