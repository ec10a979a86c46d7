import { describe, expect, it } from 'vitest';
import { isLoopbackAddress, isLoopbackHost } from '../../../server/http/loopback';

describe('loopback checks', () => {
  it('knows loopback peer addresses', () => {
    for (const a of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1'])
      expect(isLoopbackAddress(a), a).toBe(true);
    for (const a of ['10.0.0.1', '::ffff:10.0.0.1', '128.0.0.1', '', undefined, 'localhost', '::2'])
      expect(isLoopbackAddress(a), String(a)).toBe(false);
  });

  it('knows loopback Host headers, with or without a port', () => {
    for (const h of ['localhost', 'LOCALHOST:8787', '127.0.0.1:1', '[::1]:5173', '[::1]'])
      expect(isLoopbackHost(h), h).toBe(true);
    for (const h of [
      'evil.test',
      'localhost.evil.test',
      '127.0.0.1.nip.io',
      '0.0.0.0:8787',
      '[::2]:1',
      'a:b:c',
      undefined,
      '',
    ]) {
      expect(isLoopbackHost(h), String(h)).toBe(false);
    }
  });
});
