import { describe, expect, it } from 'vitest';
import { importedTitle } from '../../../../src/lib/chat/imported-title';

describe('importedTitle', () => {
  it('keeps a title no conversation has', () => {
    expect(importedTitle('Trip', new Set(['Other']))).toBe('Trip');
  });

  it('names a copy apart, then counts on', () => {
    expect(importedTitle('Trip', new Set(['Trip']))).toBe('Trip (imported)');
    expect(importedTitle('Trip', new Set(['Trip', 'Trip (imported)']))).toBe('Trip (imported 2)');
    expect(importedTitle('Trip', new Set(['Trip', 'Trip (imported)', 'Trip (imported 2)']))).toBe(
      'Trip (imported 3)',
    );
  });

  it('counts on from the base of a title that is already a copy', () => {
    expect(importedTitle('Trip (imported)', new Set(['Trip', 'Trip (imported)']))).toBe('Trip (imported 2)');
  });
});
