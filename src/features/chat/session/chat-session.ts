import {
  buildChatRequest,
  deleteMessage,
  editMessage,
  insertMessage,
  moveMessage,
  pickChatParameters,
  ReplyAccumulator,
  toMessageError,
  truncateAfter,
  type ConversationMessage,
  type MessageEdit,
  type MessageError,
  type MessageStatus,
} from '../../../lib/chat';
import { createFrameScheduler } from './frame-scheduler';
import type {
  ChatChunkStream,
  ChatRequestOptions,
  ChatSessionOptions,
  ChatSessionSnapshot,
  ChatTransport,
} from './session-types';

const defaultId = () => globalThis.crypto.randomUUID();

/**
 * One conversation's live state, outside React: messages, a status, and the request in flight.
 * React reads it through `useChatSession` (useSyncExternalStore); storage listens with `subscribe`.
 *
 * While a reply streams, deltas go into a `ReplyAccumulator` and reach the snapshot at most once per
 * animation frame. `stop()` aborts the HTTP request itself; the partial reply is kept, marked
 * `stopped`. A failed request keeps its partial reply too, marked `error` with the error as data.
 * What is sent back to the model is decided by `toWireMessages` (reasoning never is).
 */
export class ChatSession {
  private state: ChatSessionSnapshot;
  private client: ChatTransport;
  private readonly listeners = new Set<() => void>();
  private controller: AbortController | null = null;
  private stream: ChatChunkStream | null = null;
  private readonly now: () => number;
  private readonly createId: () => string;
  private readonly requestFrame: ChatSessionOptions['requestFrame'];

  constructor(options: ChatSessionOptions) {
    this.client = options.client;
    this.now = options.now ?? Date.now;
    this.createId = options.createId ?? defaultId;
    this.requestFrame = options.requestFrame;
    this.state = {
      messages: [...(options.messages ?? [])],
      status: 'ready',
      error: null,
      lastRequest: null,
      options: {
        model: options.model,
        systemPrompt: options.systemPrompt ?? '',
        parameters: pickChatParameters(options.parameters ?? {}),
        stream: options.stream ?? true,
        ...(options.functions ? { functions: options.functions } : {}),
      },
    };
  }

  /** For `useSyncExternalStore`: calls `listener` after every change; returns the unsubscribe. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The current immutable snapshot (the same object until something changes). */
  getSnapshot = (): ChatSessionSnapshot => this.state;

  /** True while a request is in flight (`submitted` or `streaming`). */
  get busy(): boolean {
    return this.controller !== null;
  }

  /** Changes what the next request is made of (model, system prompt, parameters, stream, functions). */
  setOptions(patch: Partial<ChatRequestOptions>): void {
    const options = { ...this.state.options, ...patch };
    if (patch.parameters) options.parameters = pickChatParameters(patch.parameters);
    this.update({ options });
  }

  /** Swaps the client (a new base URL or key); takes effect from the next request. */
  setClient(client: ChatTransport): void {
    this.client = client;
  }

  /** Replaces the whole conversation (loading another one). Refused while a request runs. */
  replaceMessages(messages: readonly ConversationMessage[]): void {
    this.assertIdle('replace the conversation');
    this.update({ messages: [...messages], status: 'ready', error: null });
  }

  editMessage(id: string, edit: MessageEdit): void {
    this.assertIdle('edit a message');
    this.update({ messages: editMessage(this.state.messages, id, edit) });
  }

  deleteMessage(id: string): void {
    this.assertIdle('delete a message');
    this.update({ messages: deleteMessage(this.state.messages, id) });
  }

  /** Inserts a hand-written message (e.g. an assistant turn for few-shot prompts); returns its id. */
  insertMessage(index: number, message: Pick<ConversationMessage, 'role' | 'content'> & MessageEdit): string {
    this.assertIdle('insert a message');
    const id = this.createId();
    this.update({
      messages: insertMessage(this.state.messages, index, { ...message, id, createdAt: this.now() }),
    });
    return id;
  }

  moveMessage(id: string, toIndex: number): void {
    this.assertIdle('reorder messages');
    this.update({ messages: moveMessage(this.state.messages, id, toIndex) });
  }

  /** Appends a user message and requests a reply. Resolves when the reply ends (never rejects on API errors). */
  async send(text: string): Promise<void> {
    this.assertIdle('send a message');
    const message: ConversationMessage = {
      id: this.createId(),
      role: 'user',
      content: text,
      createdAt: this.now(),
    };
    this.update({ messages: [...this.state.messages, message] });
    await this.request();
  }

  /** Drops the last reply (if the conversation ends with one) and asks again. */
  async regenerate(): Promise<void> {
    this.assertIdle('regenerate');
    const last = this.state.messages.at(-1);
    if (last?.role === 'assistant') this.update({ messages: this.state.messages.slice(0, -1) });
    await this.request();
  }

  /** Truncates the conversation after `messageId` and requests a reply from there. */
  async continueFrom(messageId: string): Promise<void> {
    this.assertIdle('continue');
    this.update({ messages: truncateAfter(this.state.messages, messageId) });
    await this.request();
  }

  /** Aborts the request in flight (the HTTP request, not just the display). No-op when idle. */
  stop(): void {
    this.controller?.abort();
    this.stream?.abort();
  }

  /** Stops any request and forgets listeners; the session must not be used afterwards. */
  dispose(): void {
    this.stop();
    this.listeners.clear();
  }

  private assertIdle(action: string): void {
    if (this.busy) throw new Error(`Cannot ${action} while a reply is being generated; stop it first.`);
  }

  private update(patch: Partial<ChatSessionSnapshot>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of [...this.listeners]) listener();
  }

  private patchReply(id: string, patch: Partial<ConversationMessage>): ConversationMessage[] {
    return this.state.messages.map((m) => (m.id === id ? { ...m, ...patch } : m));
  }

  private async request(): Promise<void> {
    const { options } = this.state;
    const body = buildChatRequest({ ...options, messages: this.state.messages });
    const startedAt = this.now();
    const replyId = this.createId();
    const reply: ConversationMessage = {
      id: replyId,
      role: 'assistant',
      content: '',
      status: 'pending',
      model: options.model,
      createdAt: startedAt,
      timings: { requestStartedAt: startedAt, firstTokenAt: null, endedAt: null },
    };
    const controller = new AbortController();
    this.controller = controller;
    this.update({
      messages: [...this.state.messages, reply],
      status: 'submitted',
      error: null,
      lastRequest: body,
    });

    const accumulator = new ReplyAccumulator();
    const showProgress = () => {
      const { firstTokenAt, ...fields } = accumulator.snapshot();
      this.update({
        status: 'streaming',
        messages: this.patchReply(replyId, {
          ...fields,
          status: 'streaming',
          timings: { requestStartedAt: startedAt, firstTokenAt, endedAt: null },
        }),
      });
    };
    const frames = createFrameScheduler(
      showProgress,
      this.requestFrame ? { requestFrame: this.requestFrame } : {},
    );

    const finish = (status: MessageStatus, error: MessageError | null) => {
      frames.cancel();
      const endedAt = this.now();
      accumulator.finish(endedAt);
      const { firstTokenAt, ...fields } = accumulator.snapshot();
      this.controller = null;
      this.stream = null;
      this.update({
        status: error ? 'error' : 'ready',
        error,
        messages: this.patchReply(replyId, {
          ...fields,
          status,
          timings: { requestStartedAt: startedAt, firstTokenAt, endedAt },
          ...(error ? { error } : {}),
        }),
      });
    };

    try {
      if (options.stream) {
        this.stream = this.client.streamChat(body, { signal: controller.signal });
        for await (const chunk of this.stream) {
          accumulator.applyChunk(chunk, this.now());
          frames.schedule();
        }
      } else {
        const completion = await this.client.createChat(body, { signal: controller.signal });
        accumulator.applyCompletion(completion, this.now());
      }
      // A client that ends the stream quietly on abort still yields a stopped reply, not a complete one.
      finish(controller.signal.aborted ? 'stopped' : 'complete', null);
    } catch (error) {
      if (controller.signal.aborted) finish('stopped', null);
      else finish('error', toMessageError(error));
    }
  }
}
