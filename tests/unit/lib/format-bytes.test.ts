import { describe, expect, it } from 'vitest';
import { formatBytes } from '../../../src/lib/format-bytes';

describe('formatBytes', () => {
  it('gives whole bytes below one kilobyte', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
  });

  it('gives kilobytes with one decimal from 1024 bytes up', () => {
    expect(formatBytes(1024)).toBe('1.0 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
  });

  it('gives megabytes with one decimal from 1024 KB up', () => {
    expect(formatBytes(1024 * 1024)).toBe('1.0 MB');
    expect(formatBytes(25 * 1024 * 1024 + 512 * 1024)).toBe('25.5 MB');
  });
});
