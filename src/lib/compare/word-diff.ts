import { diffWords } from 'diff';

export type DiffPartKind = 'same' | 'added' | 'removed';

export interface DiffPart {
  kind: DiffPartKind;
  text: string;
}

export interface WordDiff {
  parts: DiffPart[];
  /** Words (and punctuation marks) only in the second text, and only in the first. */
  added: number;
  removed: number;
}

/**
 * The word-level difference from `left` to `right` (jsdiff's `diffWords`: words and punctuation are
 * the units, whitespace is kept but never counted as a change). `null` when the texts differ in more
 * than `maxEdits` places: past that a word diff is noise, and computing it would stall the page.
 */
export function wordDiff(left: string, right: string, maxEdits = 4000): WordDiff | null {
  const changes = diffWords(left, right, { maxEditLength: maxEdits });
  if (!changes) return null;
  const diff: WordDiff = { parts: [], added: 0, removed: 0 };
  for (const change of changes) {
    const kind: DiffPartKind = change.added ? 'added' : change.removed ? 'removed' : 'same';
    if (kind === 'added') diff.added += change.count;
    if (kind === 'removed') diff.removed += change.count;
    diff.parts.push({ kind, text: change.value });
  }
  return diff;
}
