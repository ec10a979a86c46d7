/**
 * Test harness for the chat sessions store: the real local service in process (no socket), a client
 * pointed at it, and a record of every request (its JSON body and its abort signal). `slow` paces the
 * response body so a test can act while a reply is still streaming. `session()` opens one
 * conversation in a fresh set of chat stores and binds the store's actions to it.
 */
import { createApp } from '../../../server/app';
import { resolveConfig } from '../../../server/config';
import { createChatStores, type ChatStores } from '../../../src/features/chat/chat-stores';
import type {
  ChatRequestOptions,
  ChatSessionActions,
  ChatSessionSnapshot,
  ChatSessionsOptions,
  ChatTransport,
} from '../../../src/features/chat/session';
import { isBusy } from '../../../src/features/chat/session';
import { createClient, type ApiClient } from '../../../src/lib/api';
import type { Conversation, ConversationMessage } from '../../../src/lib/chat';

export interface RecordedRequest {
  body: Record<string, unknown>;
  signal: AbortSignal;
}

export interface Harness {
  client: ApiClient;
  requests: RecordedRequest[];
}

/** Re-emits a body one small piece at a time with a pause between pieces. */
function paced(body: ReadableStream<Uint8Array>, pieceBytes = 512, pauseMs = 1): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let pending: Uint8Array | null = null;
  return new ReadableStream({
    async pull(controller) {
      if (!pending || pending.length === 0) {
        const next = await reader.read();
        if (next.done) return controller.close();
        pending = next.value;
      }
      await new Promise((r) => setTimeout(r, pauseMs));
      controller.enqueue(pending.slice(0, pieceBytes));
      pending = pending.slice(pieceBytes);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}

export function localService(
  options: { slow?: boolean; apiKey?: string; env?: Record<string, string> } = {},
): Harness {
  const app = createApp(resolveConfig({ SVC_API_KEYS: 'test-key', ...options.env }), { log: () => {} });
  const requests: RecordedRequest[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const text = await request.clone().text();
    requests.push({
      body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
      signal: request.signal,
    });
    const response = await app.fetch(request);
    if (!options.slow || !response.body) return response;
    return new Response(paced(response.body), { status: response.status, headers: response.headers });
  }) as typeof fetch;
  const client = createClient({
    baseURL: 'http://svc.test/v1',
    apiKey: options.apiKey ?? 'test-key',
    fetch: fetchImpl,
    maxRetries: 0,
  });
  return { client, requests };
}

/** A client whose every request is answered by `respond` (for servers that misbehave). */
export function craftedService(respond: (request: Request) => Response | Promise<Response>): Harness {
  const requests: RecordedRequest[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    requests.push({
      body: JSON.parse(await request.clone().text()) as Record<string, unknown>,
      signal: request.signal,
    });
    return respond(request);
  }) as typeof fetch;
  return {
    client: createClient({ baseURL: 'http://svc.test/v1', apiKey: 'k', fetch: fetchImpl, maxRetries: 0 }),
    requests,
  };
}

/** Frames run on a zero-delay timer, so tests do not depend on jsdom's animation frames. */
export const timerFrame = (run: () => void) => {
  const timer = setTimeout(run, 0);
  return () => clearTimeout(timer);
};

type Bound<A> = {
  [K in keyof A]: A[K] extends (id: string, ...rest: infer P) => infer R ? (...rest: P) => R : never;
};

/** One open conversation of a fresh set of chat stores, with the store's actions bound to it. */
export type TestSession = Bound<Omit<ChatSessionActions, 'open' | 'close' | 'setTransport'>> & {
  stores: ChatStores;
  id: string;
  getSnapshot(): ChatSessionSnapshot;
  /** Called after every change of the store. */
  subscribe(listener: () => void): () => void;
  readonly busy: boolean;
};

export interface SessionOptions extends Partial<ChatRequestOptions>, Omit<ChatSessionsOptions, 'transport'> {
  messages?: ConversationMessage[];
  branches?: Conversation['branches'];
}

export function openSession(transport: ChatTransport, options: SessionOptions = {}): TestSession {
  const { model, systemPrompt, parameters, stream, functions, messages, branches, ...storeOptions } = options;
  const stores = createChatStores({ transport, ...storeOptions });
  const id = `conversation-${Math.random().toString(36).slice(2)}`;
  const { actions } = stores.sessions.getState();
  actions.open(
    {
      id,
      title: 'New conversation',
      createdAt: 0,
      updatedAt: 0,
      model: model ?? 'svc-chat',
      systemPrompt: systemPrompt ?? '',
      parameters: parameters ?? {},
      messages: messages ?? [],
      ...(branches ? { branches } : {}),
      ...(functions ? { functions } : {}),
    },
    stream === undefined ? {} : { stream },
  );
  const snapshot = () => stores.sessions.getState().sessions[id]!;
  return {
    stores,
    id,
    getSnapshot: snapshot,
    subscribe: (listener) => stores.sessions.subscribe(() => listener()),
    get busy() {
      return isBusy(snapshot());
    },
    setOptions: (patch) => actions.setOptions(id, patch),
    setInvalidParameter: (name, invalid) => actions.setInvalidParameter(id, name, invalid),
    setTitle: (title) => actions.setTitle(id, title),
    replaceMessages: (messages) => actions.replaceMessages(id, messages),
    editMessage: (messageId, edit) => actions.editMessage(id, messageId, edit),
    deleteMessage: (messageId) => actions.deleteMessage(id, messageId),
    undo: () => actions.undo(id),
    showVersion: (messageId, step) => actions.showVersion(id, messageId, step),
    editAndResend: (messageId, edit) => actions.editAndResend(id, messageId, edit),
    insertMessage: (index, message) => actions.insertMessage(id, index, message),
    moveMessage: (messageId, to) => actions.moveMessage(id, messageId, to),
    send: (text) => actions.send(id, text),
    regenerate: () => actions.regenerate(id),
    continueFrom: (messageId) => actions.continueFrom(id, messageId),
    continueReply: () => actions.continueReply(id),
    stop: () => actions.stop(id),
  };
}

export function session(harness: Harness, options: SessionOptions = {}): TestSession {
  return openSession(harness.client, { requestFrame: timerFrame, ...options });
}

/** An SSE body from chunk payloads (objects are JSON-encoded), as a crafted server would send it. */
export function sse(events: (object | string)[]): string {
  return events.map((e) => `data: ${typeof e === 'string' ? e : JSON.stringify(e)}\n\n`).join('');
}

export function contentChunk(content: string, finish: string | null = null) {
  return {
    id: 'chatcmpl-x',
    object: 'chat.completion.chunk',
    created: 0,
    model: 'svc-chat',
    choices: [{ index: 0, delta: { content }, finish_reason: finish }],
  };
}
