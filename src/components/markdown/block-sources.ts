import { DEFINITION_ALLOWANCE, MAX_SHARED_DEFINITIONS } from './limits';
import { normaliseLabel, type LinkDefinition } from './split-blocks';

/** CommonMark: a link label holds at most 999 characters. */
const MAX_LABEL = 999;

/**
 * The labels a block's text could reference, in one pass: each `[…]` without an unescaped bracket
 * inside (a label cannot hold one), normalised as matching does. A `[` restarts the label, so no
 * character is read twice; a label longer than CommonMark allows is dropped where it passes.
 */
export function referencedLabels(block: string): Set<string> {
  const labels = new Set<string>();
  let open = block.indexOf('[');
  while (open !== -1) {
    let index = open + 1;
    let next = -1;
    for (; index < block.length && index - open <= MAX_LABEL + 1; index++) {
      const char = block.charCodeAt(index);
      if (char === 92 /* \ */) index++;
      else if (char === 91 /* [ */) {
        next = index;
        break;
      } else if (char === 93 /* ] */) {
        labels.add(normaliseLabel(block.slice(open + 1, index)));
        break;
      }
    }
    open = next !== -1 ? next : block.indexOf('[', index + 1);
  }
  return labels;
}

/** Definitions by label, with their order, built once per list (a split's list is reused across renders). */
const indexes = new WeakMap<readonly LinkDefinition[], Map<string, { source: string; order: number }>>();

function indexOf(definitions: readonly LinkDefinition[]) {
  let index = indexes.get(definitions);
  if (!index) {
    index = new Map();
    for (const [order, { label, source }] of definitions.slice(0, MAX_SHARED_DEFINITIONS).entries()) {
      index.set(label, { source, order });
    }
    indexes.set(definitions, index);
  }
  return index;
}

/**
 * The source to parse for each block: the definitions its references use, in the reply's order,
 * then the block. Only the used ones, so a block's source (and its memoised render) changes only
 * when its own links do. Each block's references are looked up by label, so the work is linear in
 * the reply however many definitions it has; and the definition text handed out over the whole
 * reply is bounded (see DEFINITION_ALLOWANCE) counting from the start, so a block's source never
 * depends on the blocks after it. Plain pieces get none: they are never parsed.
 */
export function blockSources(
  blocks: readonly string[],
  definitions: readonly LinkDefinition[],
  plain: readonly boolean[] = [],
): string[] {
  if (definitions.length === 0) return [...blocks];
  const index = indexOf(definitions);
  let allowance = DEFINITION_ALLOWANCE;
  return blocks.map((block, i) => {
    allowance += 2 * block.length;
    if (plain[i] || !block.includes(']')) return block;
    const used: { source: string; order: number }[] = [];
    for (const label of referencedLabels(block)) {
      const definition = index.get(label);
      if (definition && definition.source.length + 1 <= allowance) {
        used.push(definition);
        allowance -= definition.source.length + 1;
      }
    }
    if (used.length === 0) return block;
    used.sort((a, b) => a.order - b.order);
    return `${used.map((d) => d.source).join('\n')}\n\n${block}`;
  });
}

/** `blockSources` for one block alone. */
export function blockSource(block: string, definitions: readonly LinkDefinition[]): string {
  return blockSources([block], definitions)[0] ?? block;
}
