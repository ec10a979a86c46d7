/**
 * A conversation carried in a link: its export JSON, deflated and base64url-encoded, in the URL's
 * fragment (`#share=…`). The fragment is never sent to any server, and the export holds no key.
 */
import type { Branches } from './conversation-tree';
import type { Conversation, ConversationMessage } from './conversation-types';
import { describeIssues } from './describe-issues';
import { formatBytes } from '../format-bytes';
import type { ImportDefaults } from './request-body-import';

const MARK = 'share=';

/** The most a shared link may inflate to: more is refused as it arrives (a deflate bomb). */
export const MAX_SHARED_BYTES = 8 * 1024 * 1024;

async function pipeBytes(
  bytes: Uint8Array,
  transform: CompressionStream | DecompressionStream,
  limit: number,
) {
  const reader = new Response(bytes as BodyInit).body!.pipeThrough(transform).getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new RangeError(`it inflates to more than ${limit / (1024 * 1024)} MiB`);
    }
    parts.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  // In pieces: String.fromCharCode with a whole large array overflows the call stack.
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array {
  if (!/^[\w-]*$/.test(text)) throw new SyntaxError('it holds characters a share link never has');
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/**
 * The fragment (without `#`) that carries `exportJson`. A conversation past what a link may inflate
 * to is refused here, with what to do, rather than made into a link nobody can open.
 */
export async function shareFragment(exportJson: string): Promise<string> {
  const bytes = new TextEncoder().encode(exportJson);
  if (bytes.length > MAX_SHARED_BYTES)
    throw new RangeError(
      `The conversation is ${formatBytes(bytes.length)}, and a link carries at most ${formatBytes(MAX_SHARED_BYTES)}: the page that opens it would refuse it. Images attached as files make a conversation large; export it as a file instead.`,
    );
  const packed = await pipeBytes(bytes, new CompressionStream('deflate-raw'), Number.POSITIVE_INFINITY);
  return `${MARK}${toBase64Url(packed)}`;
}

/** The shared data in a location's hash (`#share=…`), or null when it carries none. */
export function sharedData(hash: string): string | null {
  const fragment = hash.startsWith('#') ? hash.slice(1) : hash;
  return fragment.startsWith(MARK) ? fragment.slice(MARK.length) : null;
}

/** The export JSON a share link carries, or why it cannot be read. */
export async function readShared(
  data: string,
): Promise<{ ok: true; json: string } | { ok: false; reason: string }> {
  if (data === '') return { ok: false, reason: 'the link carries no conversation (nothing after "#share=")' };
  try {
    const bytes = await pipeBytes(
      fromBase64Url(data),
      new DecompressionStream('deflate-raw'),
      MAX_SHARED_BYTES,
    );
    return { ok: true, json: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch (error) {
    const why =
      error instanceof RangeError || error instanceof SyntaxError
        ? error.message
        : 'it is cut off or damaged';
    return { ok: false, reason: `the link could not be read: ${why}. Ask for the link again, copied whole.` };
  }
}

/** What a share link holds, read and checked but not saved; or why it cannot be opened. */
export type SharedConversation =
  | {
      ok: true;
      /** Checked whole, dates no later than `defaults.now`; save it with the store's `saveChecked`. */
      conversation: Conversation;
      summary: {
        title: string;
        /** The messages of the path shown (versions kept beside it not counted). */
        messageCount: number;
        /** The size of the conversation's JSON once inflated, bytes. */
        bytes: number;
      };
    }
  | { ok: false; reason: string };

/**
 * Reads the conversation a share link's data (`sharedData`) carries into a checked `Conversation`,
 * without saving anything: for the page to show what it holds and ask. Never throws; a link that
 * cannot be read, or whose conversation is refused, gives the reason (the first problems, by path).
 */
export async function readSharedConversation(
  data: string,
  defaults: ImportDefaults,
): Promise<SharedConversation> {
  const read = await readShared(data);
  if (!read.ok) return read;
  const { parseConversationImport } = await import('./conversation-import');
  const result = parseConversationImport(read.json, defaults);
  if (!result.ok) {
    return {
      ok: false,
      reason: `the link does not hold a conversation the page can open: ${describeIssues(result.issues)}.`,
    };
  }
  const conversation = withoutSendersLabels(result.conversation);
  return {
    ok: true,
    conversation,
    summary: {
      title: conversation.title,
      messageCount: conversation.messages.length,
      bytes: new TextEncoder().encode(read.json).byteLength,
    },
  };
}

/**
 * "Stopped" and "interrupted" say what happened on the sender's page (they pressed Stop, their page
 * closed mid-stream): the one who opens the link gets the text, not the sender's story. Everywhere,
 * versions not shown included.
 */
function withoutSendersLabels(conversation: Conversation): Conversation {
  const plain = (messages: readonly ConversationMessage[]): ConversationMessage[] =>
    messages.map((message) => {
      if (message.status !== 'stopped' && message.status !== 'interrupted') return message;
      const { status: _status, ...rest } = message;
      return rest;
    });
  const branches: Record<string, Branches[string]> = Object.create(null);
  for (const [key, versions] of Object.entries(conversation.branches ?? {}))
    branches[key] = versions.map((version) => (version === null ? null : plain(version)));
  return {
    ...conversation,
    messages: plain(conversation.messages),
    ...(conversation.branches ? { branches } : {}),
  };
}
