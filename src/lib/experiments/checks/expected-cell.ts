/**
 * promptfoo's `__expected` cells: `type:value` (`contains:Paris`, `icontains-any:paris,lyon`,
 * `regex:^\d+$`, `not-contains:sorry`), a bare type that needs no value (`is-json`), or any other
 * text, which the reply must equal (promptfoo's rule, so its files mean the same here).
 */
import { CHECK_KINDS, resolveType } from './registry';
import type { CheckSpec } from './types';

/** The spec a cell writes, or why it cannot be read. An empty cell is no check (null). */
export function checkFromCell(text: string): { spec: CheckSpec | null } | { problem: string } {
  const cell = text.trim();
  if (cell === '') return { spec: null };
  const colon = cell.indexOf(':');
  const head = colon < 0 ? cell : cell.slice(0, colon);
  // Only a word that could be a type is read as one: "Answer: 42" is a text to equal.
  if (!/^[a-z][a-z0-9-]*$/.test(head)) return { spec: { type: 'equals', value: text } };
  const resolved = resolveType(head);
  if ('problem' in resolved) {
    const base = head.startsWith('not-') ? head.slice(4) : head;
    // A promptfoo type is named as such; any other word before a colon is text to equal.
    return CHECK_KINDS.has(base) || /promptfoo/.test(resolved.problem)
      ? { problem: resolved.problem }
      : { spec: { type: 'equals', value: text } };
  }
  if (colon < 0) return { spec: { type: head } };
  const rest = cell.slice(colon + 1);
  const value = resolved.kind.fromCell ? resolved.kind.fromCell(rest) : rest;
  return { spec: value === undefined ? { type: head } : { type: head, value } };
}
