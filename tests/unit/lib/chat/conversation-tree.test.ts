import { describe, expect, it } from 'vitest';
import type { ConversationMessage } from '../../../../src/lib/chat';
import {
  deleteFromPath,
  fork,
  insertIntoPath,
  showVersion,
  treeProblems,
  versionAt,
  type ConversationTree,
} from '../../../../src/lib/chat/conversation-tree';

const m = (id: string, role: ConversationMessage['role'] = 'user'): ConversationMessage => ({
  id,
  role,
  content: id,
  createdAt: 0,
});
const ids = (tree: ConversationTree) => tree.messages.map((x) => x.id);
const linear = (...list: string[]): ConversationTree => ({
  messages: list.map((id, i) => m(id, i % 2 ? 'assistant' : 'user')),
  branches: {},
});

describe('conversation tree', () => {
  it('keeps what a fork replaces as a version, and steps between versions', () => {
    let tree = fork(linear('u1', 'a1'), 0, [m('a2', 'assistant')]);
    tree = fork(tree, 0, [m('a3', 'assistant')]);
    expect(ids(tree)).toEqual(['u1', 'a3']);
    expect(versionAt(tree, 1)).toEqual({ shown: 3, count: 3 });
    expect(versionAt(tree, 0)).toBeNull();
    tree = showVersion(tree, 'a3', -1);
    tree = showVersion(tree, 'a2', -1);
    expect(ids(tree)).toEqual(['u1', 'a1']);
    expect(versionAt(tree, 1)).toEqual({ shown: 1, count: 3 });
    expect(() => showVersion(tree, 'a1', -1)).toThrow(/no earlier version/);
    tree = showVersion(tree, 'a1', 1);
    expect(ids(tree)).toEqual(['u1', 'a2']);
    expect(treeProblems(tree)).toEqual([]);
  });

  it('forks at the start, and records nothing when nothing was replaced', () => {
    const start = fork(linear('u1', 'a1'), -1, [m('v1')]);
    expect(ids(start)).toEqual(['v1']);
    expect(start.branches['']).toEqual([[m('u1'), m('a1', 'assistant')], null]);
    const appended = fork(linear('u1', 'a1'), 1, [m('u2')]);
    expect(appended.branches).toEqual({});
    expect(() => fork(linear('u1'), 3, [])).toThrow(/Cannot fork after position 3/);
  });

  it('keeps a fork nested inside a version that is not shown, and brings it back with it', () => {
    // u1 a1 u2 a2; regenerate a2 (fork after u2), then continue from u1 (fork after u1).
    let tree = fork(linear('u1', 'a1', 'u2', 'a2'), 2, [m('a2b', 'assistant')]);
    tree = fork(tree, 0, [m('a1b', 'assistant')]);
    expect(ids(tree)).toEqual(['u1', 'a1b']);
    tree = showVersion(tree, 'a1b', -1);
    expect(ids(tree)).toEqual(['u1', 'a1', 'u2', 'a2b']);
    expect(versionAt(tree, 3)).toEqual({ shown: 2, count: 2 });
    tree = showVersion(tree, 'a2b', -1);
    expect(ids(tree)).toEqual(['u1', 'a1', 'u2', 'a2']);
    expect(treeProblems(tree)).toEqual([]);
  });

  it('deletes a shown version and shows the one before it; a single version left is no fork', () => {
    let tree = fork(fork(linear('u1', 'a1'), 0, [m('a2', 'assistant')]), 0, [m('a3', 'assistant')]);
    tree = deleteFromPath(tree, 'a3');
    expect(ids(tree)).toEqual(['u1', 'a2']);
    expect(versionAt(tree, 1)).toEqual({ shown: 2, count: 2 });
    tree = deleteFromPath(tree, 'a2');
    expect(ids(tree)).toEqual(['u1', 'a1']);
    expect(tree.branches).toEqual({});
  });

  it('deletes a message with forks after it: they follow the message before it', () => {
    let tree = fork(linear('u1', 'a1', 'u2', 'a2'), 2, [m('a2b', 'assistant')]);
    tree = deleteFromPath(tree, 'u2');
    expect(ids(tree)).toEqual(['u1', 'a1', 'a2b']);
    expect(versionAt(tree, 2)).toEqual({ shown: 2, count: 2 });
    expect(treeProblems(tree)).toEqual([]);
    tree = showVersion(tree, 'a2b', -1);
    expect(ids(tree)).toEqual(['u1', 'a1', 'a2']);
  });

  it('merges the forks of a deleted message with those of its own place', () => {
    let tree = fork(linear('u1', 'a1', 'u2', 'a2'), 2, [m('a2b', 'assistant')]); // fork after u2
    tree = fork(tree, 1, [m('u2b'), m('a2c', 'assistant')]); // fork after a1, shown: u2b a2c
    tree = showVersion(tree, 'u2b', -1); // u1 a1 u2 a2b
    tree = deleteFromPath(tree, 'u2');
    expect(ids(tree)).toEqual(['u1', 'a1', 'a2b']);
    // After a1: a2 (from u2's fork), a2b (shown), u2b a2c (a1's own).
    expect(versionAt(tree, 2)).toEqual({ shown: 2, count: 3 });
    expect(treeProblems(tree)).toEqual([]);
  });

  it('inserts before a forked place without moving the versions off the message they belong to', () => {
    let tree = fork(linear('u1', 'a1'), 0, [m('a2', 'assistant')]);
    tree = insertIntoPath(tree, 1, m('x', 'assistant'));
    expect(ids(tree)).toEqual(['u1', 'x', 'a2']);
    expect(versionAt(tree, 1)).toBeNull();
    expect(versionAt(tree, 2)).toEqual({ shown: 2, count: 2 });
  });

  it('names what is wrong with a damaged tree', () => {
    const tree: ConversationTree = {
      messages: [m('u1'), m('u1')],
      branches: { ghost: [null, []], u1: [[m('z')]], '': [null] },
    };
    expect(treeProblems(tree)).toEqual([
      'message id "u1" is used twice',
      'the fork after message "ghost" follows no message of the conversation',
      'the fork after message "u1" must mark exactly one version as shown (null); it marks 0',
      'the fork after message "u1" has 1 version(s); a fork has at least 2',
      'the fork at the start has 1 version(s); a fork has at least 2',
    ]);
  });
});
