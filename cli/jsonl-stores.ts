/**
 * The command line's result store and reply cache: JSON Lines files, appended to as each cell
 * finishes (rewriting one JSON file per cell would cost the square of the cells). The last line for
 * a key wins. A last line cut short by a crash is skipped; any other unreadable line is an error.
 */
import { appendFile, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { CellResult } from '../src/lib/experiments/cell-result';
import type { CellOutcome } from '../src/lib/experiments/checks/types';
import type { ReplyCache, ResultStore } from '../src/lib/experiments/run-types';

async function readLines(file: string): Promise<unknown[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const lines = text.split('\n');
  const values: unknown[] = [];
  lines.forEach((line, i) => {
    if (line.trim() === '') return;
    try {
      values.push(JSON.parse(line));
    } catch {
      const last = lines.slice(i + 1).every((rest) => rest.trim() === '');
      if (!last) throw new Error(`${file}, line ${i + 1}: not JSON; delete the file to start afresh`);
    }
  });
  return values;
}

/** Appends one line at a time, in order, whatever the callers' interleaving. */
function appender(file: string) {
  let chain: Promise<void> = mkdir(path.dirname(file), { recursive: true }).then(() => undefined);
  return (value: unknown): Promise<void> => {
    const line = `${JSON.stringify(value)}\n`;
    chain = chain.then(() => appendFile(file, line, 'utf8'));
    return chain;
  };
}

export function jsonlResultStore(file: string): ResultStore {
  const append = appender(file);
  return {
    all: async () => {
      const byCell = new Map<string, CellResult>();
      for (const value of await readLines(file)) {
        const result = value as CellResult;
        if (typeof result?.cellId === 'string') byCell.set(result.cellId, result);
      }
      return [...byCell.values()];
    },
    put: (result) => append(result),
  };
}

export function jsonlReplyCache(file: string): ReplyCache {
  const append = appender(file);
  let entries: Promise<Map<string, CellOutcome>> | null = null;
  const load = () =>
    (entries ??= readLines(file).then((values) => {
      const map = new Map<string, CellOutcome>();
      for (const value of values) {
        const entry = value as { key?: unknown; outcome?: CellOutcome };
        if (typeof entry?.key === 'string' && entry.outcome) map.set(entry.key, entry.outcome);
      }
      return map;
    }));
  return {
    get: async (key) => (await load()).get(key),
    put: async (key, outcome) => {
      (await load()).set(key, outcome);
      await append({ key, outcome });
    },
  };
}
