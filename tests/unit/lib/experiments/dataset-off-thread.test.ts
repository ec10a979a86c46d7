import { describe, expect, it } from 'vitest';
import { readDatasetOffThread } from '../../../../src/lib/experiments/dataset-off-thread';
import {
  PAGE_DATASET_LIMITS,
  pageSizeProblem,
  withinPageRows,
} from '../../../../src/lib/experiments/page-dataset-limits';

// Node has no Worker: the read runs here, as in jsdom, and answers as the worker would.
describe('a dataset file read off the page’s thread', () => {
  it('reads a file into rows, or refuses it with its line and column', async () => {
    const read = await readDatasetOffThread(new Blob(['city,country\nParis,France\n']), 'csv');
    expect(read.ok && read.dataset.rows.map((r) => r.vars)).toEqual([{ city: 'Paris', country: 'France' }]);
    const bad = await readDatasetOffThread(new Blob(['city\nParis,France\n']), 'csv');
    expect(bad.ok ? null : bad.errors[0]).toMatchObject({ line: 2, column: 7 });
  });

  it('stops when asked before it reads', async () => {
    const controller = new AbortController();
    controller.abort(new Error('a second file was chosen'));
    await expect(readDatasetOffThread(new Blob(['a\n1\n']), 'csv', controller.signal)).rejects.toThrow(
      'a second file was chosen',
    );
  });
});

describe('what the page takes of a dataset', () => {
  it('refuses a file past its size, saying the size, the limit and what to do', () => {
    expect(pageSizeProblem(PAGE_DATASET_LIMITS.maxBytes)).toBeNull();
    expect(pageSizeProblem(50 * 1024 * 1024)).toBe(
      'the file is 50.0 MB, more than the 5.0 MB this page reads; split it, or run the experiment from the command line (npm run experiment -- file), which reads up to 64 MB and 100,000 rows',
    );
  });

  it('refuses more rows than it holds at the first row past the limit, and keeps a read within it', async () => {
    const csv = ['n', '1', '2', '', '3'].join('\n');
    const read = await readDatasetOffThread(new Blob([csv]), 'csv', undefined, 2);
    expect(read.ok ? null : read.errors).toEqual([
      {
        line: 5,
        column: 1,
        message: expect.stringMatching(/^the file has 3 rows, more than the 2 this page holds; split it/),
      },
    ]);
    expect(withinPageRows(await readDatasetOffThread(new Blob([csv]), 'csv', undefined, 3)).ok).toBe(true);
  });
});
