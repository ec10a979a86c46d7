import { describe, expect, it, vi } from 'vitest';
import {
  MAX_DEFINITIONS_FILE_BYTES,
  readDefinitionsFile,
} from '../../../src/features/chat/functions/import-export';

describe('an imported definitions file', () => {
  it('takes the functions out of a request body, and a bare array as it is', async () => {
    const fn = { name: 'f', parameters: { type: 'object' } };
    expect(JSON.parse(await readDefinitionsFile(new Blob([JSON.stringify({ functions: [fn] })])))).toEqual([
      fn,
    ]);
    expect(await readDefinitionsFile(new Blob(['[1']))).toBe('[1');
  });

  it('refuses a file past its size by the size, without reading it', async () => {
    const big = new Blob([new Uint8Array(MAX_DEFINITIONS_FILE_BYTES + 1)]);
    const read = vi.spyOn(big, 'text');
    await expect(readDefinitionsFile(big)).rejects.toThrow(
      /it is 2\.0 MB, more than the 2\.0 MB of definitions this page reads/,
    );
    expect(read).not.toHaveBeenCalled();
  });
});
