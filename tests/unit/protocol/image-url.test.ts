import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { describeImageUrlFault, imageUrlFault } from '../../../src/protocol/image-url';

describe('imageUrlFault', () => {
  it.each([
    'https://images.example/cat.png',
    'http://127.0.0.1/a.png',
    'data:image/png;base64,iVBORw==',
    'DATA:image/jpeg;name=x.jpg;base64,/9j/',
  ])('accepts %s', (url) => {
    expect(imageUrlFault(url)).toBeNull();
  });

  it.each([
    ['not a url', { kind: 'not-a-url' }],
    ['images.example/cat.png', { kind: 'not-a-url' }],
    ['ftp://files.example/a.png', { kind: 'scheme', scheme: 'ftp:' }],
    ['file:///etc/passwd', { kind: 'scheme', scheme: 'file:' }],
    ['data:text/plain;base64,aGVsbG8=', { kind: 'bad-data-url' }],
    ['data:image/png,rawbytes', { kind: 'bad-data-url' }],
    ['data:image/png;base64,not base64!', { kind: 'bad-data-url' }],
  ])('refuses %s', (url, fault) => {
    expect(imageUrlFault(url)).toEqual(fault);
  });

  it('words each fault as the end of a sentence about the URL, as the service says it', () => {
    expect(describeImageUrlFault({ kind: 'scheme', scheme: 'ftp:' })).toBe(
      'must be an http(s) URL or a data:image/...;base64 URL, not a ftp: URL',
    );
    expect(describeImageUrlFault({ kind: 'not-a-url' })).toBe(
      'must be an http(s) URL or a data:image/...;base64 URL',
    );
    expect(describeImageUrlFault({ kind: 'bad-data-url' })).toMatch(
      /^is a data URL that is not a base64-encoded image/,
    );
  });

  // A million and a half characters: a pattern linear in them answers in milliseconds; one that
  // backtracks over the parameters (quadratic or worse) runs for minutes to forever. The check runs
  // under a watchdog so such a pattern fails the test instead of hanging the run (a time-out on
  // synchronous work cannot fire); the watchdog is a hang detector, hundreds of times the linear time.
  it('stays linear on a long hostile data URL', () => {
    const hostile = `data:image/png${';a='.repeat(500_000)}`;
    const fault = (url: string) =>
      vm.runInNewContext('check(url)', { check: imageUrlFault, url }, { timeout: 30_000 }) as ReturnType<
        typeof imageUrlFault
      >;
    expect(fault(hostile)).toEqual({ kind: 'bad-data-url' });
    expect(fault(`${hostile};base64,AAAA`)).toBeNull();
  });
});
