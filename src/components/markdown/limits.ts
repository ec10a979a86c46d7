/**
 * How much markdown one block may hold before it is shown as plain text instead of parsed. Replies
 * come from outside (a server, a shared conversation), and the parser (micromark) has paths that grow
 * faster than the text on some shapes: deep nesting of brackets, emphasis, quotes and lists, and
 * very many delimiters in one paragraph (each closing `*` or `]` looks back over what came before).
 * Below these limits its work stays close to linear; past them the block's words are shown as they
 * are, with a note, so nothing is lost. No ordinary reply comes near any of them: replies nest
 * three or four levels, and a long one has a few hundred delimiters in its largest block.
 */

/**
 * A block larger than this is cut at line ends into pieces shown as plain text. A whole reply of
 * 16,000 tokens is about this size, and its largest block (a long code fence or table) a fraction of
 * it; a 64 KB table already takes the parser a few hundred milliseconds on a slow machine.
 */
export const MAX_BLOCK_CHARS = 64 * 1024;

/** Nesting depth of `[` brackets (links, images, labels). */
export const MAX_BRACKET_DEPTH = 32;

/** Nesting depth of containers on one line: `>` quotes and list items (with their indentation). */
export const MAX_CONTAINER_DEPTH = 32;

/** Emphasis left open within one paragraph (`*a _b **c …`). */
export const MAX_EMPHASIS_DEPTH = 32;

/** `[` and `]` in one block, outside fenced code. */
export const MAX_BRACKETS = 4_000;

/** Emphasis and strikethrough delimiters (`*`, `_`, `~`) in one block, outside fenced code. */
export const MAX_EMPHASIS_DELIMITERS = 2_000;

/** Link definitions shared between blocks; more are used only inside their own block. */
export const MAX_SHARED_DEFINITIONS = 10_000;

/**
 * Definition lines prepended to blocks, over the whole reply, at most this many characters beyond
 * twice the reply's own length: what a block receives stays linear in the reply.
 */
export const DEFINITION_ALLOWANCE = 64 * 1024;
