import { describe, expect, it } from 'vitest';
import { isRemoteUrl, safeUrl } from '../../../src/components/markdown/safe-url';

describe('safeUrl', () => {
  it.each([
    'https://example.com/a?b#c',
    'http://example.com',
    'mailto:someone@example.com',
    'HTTPS://EXAMPLE.COM',
    '/relative/path',
    './page',
    '#anchor',
    '?q=1',
    '//cdn.example/x',
    'docs/a:b', // a colon after a slash is not a scheme
  ])('keeps %s', (url) => {
    expect(safeUrl(url)).toBe(url);
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    ' \u0001javascript:alert(1)',
    'jav\u200bascript:alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html,<script>alert(1)</script>',
    'DATA:image/png;base64,AAAA',
    'file:///etc/passwd',
    'blob:https://example.com/uuid',
    'ftp://example.com',
  ])('refuses %j', (url) => {
    expect(safeUrl(url)).toBeNull();
  });
});

describe('isRemoteUrl', () => {
  it('is true only for http(s) and protocol-relative URLs', () => {
    expect(isRemoteUrl('https://x.example/a.png')).toBe(true);
    expect(isRemoteUrl('//x.example/a.png')).toBe(true);
    expect(isRemoteUrl('/local.png')).toBe(false);
    expect(isRemoteUrl('data:image/png;base64,AAAA')).toBe(false);
  });
});
