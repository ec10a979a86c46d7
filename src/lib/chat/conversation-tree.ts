import type { ConversationMessage } from './conversation-types';

/**
 * A conversation is a tree: wherever it forked (a reply regenerated, a message edited and resent, a
 * reply asked for again from an earlier message), each way it went on is a version of the rest.
 * The path shown stays the plain message list every reader already takes (requests, the
 * transcript, compare); the versions not shown are kept beside it, each as the rest of the
 * conversation from its fork (nested forks inside it keep their own entries, keyed by their ids).
 *
 * `null` marks the version that is on the path shown: exactly one per fork.
 */
export type VersionSet = readonly (readonly ConversationMessage[] | null)[];

/** The forks, keyed by the id of the message the versions follow (`''`: the very start). */
export type Branches = Readonly<Record<string, VersionSet>>;

/**
 * The versions of the fork after `key`, or undefined. Keys are message ids, which come from outside
 * (imports, share links, stored records): `branches["constructor"]` must not find Object's.
 */
export function versionsAfter(branches: Branches, key: string): VersionSet | undefined {
  return Object.hasOwn(branches, key) ? branches[key] : undefined;
}

/** A copy of `branches` without `drop`, with `key` set to `set` when given. Null-prototype: a key `__proto__` is a key. */
function withBranch(
  branches: Branches,
  drop: string,
  key?: string,
  set?: VersionSet,
): Record<string, VersionSet> {
  const out = Object.create(null) as Record<string, VersionSet>;
  for (const k of Object.keys(branches)) if (k !== drop) out[k] = branches[k]!;
  if (key !== undefined && set !== undefined) out[key] = set;
  return out;
}

/** The path shown and the versions kept beside it. */
export interface ConversationTree {
  messages: readonly ConversationMessage[];
  branches: Branches;
}

/** Where a message stands among the versions of its place: `shown` of `count`, from 1. */
export interface VersionPosition {
  shown: number;
  count: number;
}

/** The fork key of the place at `index` on the path: the id of the message before it, or `''`. */
export function forkKey(messages: readonly ConversationMessage[], index: number): string {
  return index === 0 ? '' : (messages[index - 1]?.id ?? '');
}

/** The versions of the place the message at `index` fills, or null where the conversation never forked. */
export function versionAt(tree: ConversationTree, index: number): VersionPosition | null {
  if (index < 0 || index >= tree.messages.length) return null;
  const set = versionsAfter(tree.branches, forkKey(tree.messages, index));
  if (!set) return null;
  return { shown: set.indexOf(null) + 1, count: set.length };
}

function indexOfId(messages: readonly ConversationMessage[], id: string): number {
  const index = messages.findIndex((m) => m.id === id);
  if (index < 0)
    throw new Error(`No message with id "${id}" in this conversation (it may have been deleted).`);
  return index;
}

/**
 * Replaces everything after position `after` (an index; -1 for the whole path) by `tail`, keeping
 * what it replaced as a version of that place (the new one is the last version, and shown). Nothing
 * is kept when nothing was replaced.
 */
export function fork(
  tree: ConversationTree,
  after: number,
  tail: readonly ConversationMessage[],
): ConversationTree {
  if (!Number.isInteger(after) || after < -1 || after >= tree.messages.length) {
    throw new Error(
      `Cannot fork after position ${after}: the conversation has ${tree.messages.length} messages.`,
    );
  }
  const replaced = tree.messages.slice(after + 1);
  const messages = [...tree.messages.slice(0, after + 1), ...tail];
  if (replaced.length === 0) return { messages, branches: tree.branches };
  const key = forkKey(tree.messages, after + 1);
  const set = versionsAfter(tree.branches, key) ?? [null];
  const versions = [...set.map((v) => (v === null ? replaced : v)), null];
  return { messages, branches: withBranch(tree.branches, key, key, versions) };
}

/**
 * Shows another version of the place the message `messageId` fills: `step` -1 the one before, +1
 * the one after. The version it replaces on the path is kept, as it stands now.
 */
export function showVersion(tree: ConversationTree, messageId: string, step: -1 | 1): ConversationTree {
  const index = indexOfId(tree.messages, messageId);
  const key = forkKey(tree.messages, index);
  const set = versionsAfter(tree.branches, key);
  const shown = set ? set.indexOf(null) : -1;
  const target = shown + step;
  if (!set || target < 0 || target >= set.length) {
    throw new Error(`Message ${index + 1} has no ${step < 0 ? 'earlier' : 'later'} version.`);
  }
  const current = tree.messages.slice(index);
  const versions = set.map((v, i) => (i === shown ? current : i === target ? null : v));
  return {
    messages: [...tree.messages.slice(0, index), ...set[target]!],
    branches: withBranch(tree.branches, key, key, versions),
  };
}

/**
 * Deletes the message `messageId` from the path shown. What followed it follows the message before
 * it, versions included (the versions of what came after it join the versions of its own place). If
 * its place is left with nothing shown, the version before it is shown; a place with one version
 * left is no fork any more.
 */
export function deleteFromPath(tree: ConversationTree, messageId: string): ConversationTree {
  const index = indexOfId(tree.messages, messageId);
  const key = forkKey(tree.messages, index);
  const messages = [...tree.messages.slice(0, index), ...tree.messages.slice(index + 1)];
  let branches = withBranch(tree.branches, messageId);
  const after = versionsAfter(tree.branches, messageId);
  const own = versionsAfter(tree.branches, key);
  let set: (readonly ConversationMessage[] | null)[] | undefined =
    own && after ? own.flatMap((v) => (v === null ? after : [v])) : (own ?? after)?.slice();
  if (!set) return { messages, branches };

  // An empty version (the message deleted was all of it) is nothing to step to.
  set = set.filter((v) => v === null || v.length > 0);
  const hasTail = messages.length > index;
  let shownAt = set.indexOf(null);
  if (!hasTail) {
    set.splice(shownAt, 1);
    if (set.length > 0) {
      shownAt = Math.max(0, shownAt - 1);
      messages.push(...set[shownAt]!);
      set[shownAt] = null;
    }
  }
  branches = set.length > 1 ? withBranch(branches, key, key, set) : withBranch(branches, key);
  return { messages, branches };
}

/**
 * Inserts `message` at `index` on the path. The versions of the place it now fills stay with what
 * they were versions of (the message after it).
 */
export function insertIntoPath(
  tree: ConversationTree,
  index: number,
  message: ConversationMessage,
): ConversationTree {
  if (!Number.isInteger(index) || index < 0 || index > tree.messages.length) {
    throw new Error(`Cannot insert at position ${index}: it must be between 0 and ${tree.messages.length}.`);
  }
  const messages = [...tree.messages.slice(0, index), message, ...tree.messages.slice(index)];
  const key = forkKey(tree.messages, index);
  const set = index < tree.messages.length ? versionsAfter(tree.branches, key) : undefined;
  if (!set) return { messages, branches: tree.branches };
  return { messages, branches: withBranch(tree.branches, key, message.id, set) };
}

/** Every message of the tree: the path and every version kept, each once. */
export function allMessages(tree: ConversationTree): ConversationMessage[] {
  const all = [...tree.messages];
  for (const set of Object.values(tree.branches)) for (const v of set) if (v) all.push(...v);
  return all;
}

/** How many versions are kept beside the path (for a summary: "3 other versions"). */
export function hiddenVersionCount(branches: Branches): number {
  return Object.values(branches).reduce((n, set) => n + set.length - 1, 0);
}

/**
 * What is wrong with a tree's forks, each a sentence naming the fork: every fork follows a message
 * of the tree, has one version shown and at least two versions, and no message is in it twice.
 */
export function treeProblems(tree: ConversationTree): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const message of allMessages(tree)) {
    if (seen.has(message.id)) problems.push(`message id "${message.id}" is used twice`);
    seen.add(message.id);
  }
  for (const [key, set] of Object.entries(tree.branches)) {
    const name = key === '' ? 'the fork at the start' : `the fork after message "${key}"`;
    if (key !== '' && !seen.has(key)) problems.push(`${name} follows no message of the conversation`);
    const shown = set.filter((v) => v === null).length;
    if (shown !== 1)
      problems.push(`${name} must mark exactly one version as shown (null); it marks ${shown}`);
    if (set.length < 2) problems.push(`${name} has ${set.length} version(s); a fork has at least 2`);
  }
  return problems;
}

/** The path shown alone: the tree as a plain conversation, every other version left out. */
export function linearPath<T extends { branches?: Branches }>(conversation: T): Omit<T, 'branches'> {
  const { branches: _left, ...rest } = conversation;
  return rest;
}
