import { createStore, type StoreApi } from 'zustand/vanilla';
import { pickChatParameters } from '../../../lib/chat/chat-parameters';
import type { ConversationMessage, MessageError } from '../../../lib/chat/conversation-types';
import * as edits from '../../../lib/chat/message-edits';
import * as tree from '../../../lib/chat/conversation-tree';
import { effectiveChatParameters } from '../../../stores/effective-parameters';
import { createModuleLoader } from '../../../lib/module-loader';
import type * as ReplyMachineryModule from './reply-machinery';
import type { ReplyFields } from '../../../lib/chat/reply-accumulator';
import type { ReplyRequest } from './reply-request';
import { replyFormatProblem, storedReplySchema } from '../json-mode/reply-schema';
import type {
  ChatRequestOptions,
  ChatSessionActions,
  ChatSessionSnapshot,
  ChatSessionsOptions,
  ChatTransport,
  InvalidParameter,
} from './session-types';

export interface ChatSessionsState {
  /** The open conversations by id (the page's, and any whose stopped reply is still ending). */
  sessions: Readonly<Record<string, ChatSessionSnapshot>>;
  actions: ChatSessionActions;
}

export type ChatSessionsStore = StoreApi<ChatSessionsState>;

/**
 * The invalid parameters with `response_format`'s entry as `options` make it: a structured-outputs
 * format whose schema cannot be sent holds every request back, whichever pane is showing.
 */
function withFormatProblem(
  invalid: Readonly<Record<string, InvalidParameter>>,
  options: ChatRequestOptions,
): Readonly<Record<string, InvalidParameter>> {
  const problem = replyFormatProblem(options);
  const was = invalid.response_format;
  if (was?.text === problem?.text && was?.reason === problem?.reason) return invalid;
  const { response_format: _was, ...rest } = invalid;
  return problem ? { ...rest, response_format: problem } : rest;
}

/** True while a request is in flight. */
export const isBusy = (s: Pick<ChatSessionSnapshot, 'status'>): boolean =>
  s.status === 'submitted' || s.status === 'streaming';

const machinery = createModuleLoader(() => import('./reply-machinery'));
type ReplyMachinery = typeof ReplyMachineryModule;

/** Fetches the request code (body building, reply reading) ahead of the first request. */
export function preloadReplyMachinery(): Promise<void> {
  return machinery.load().then(() => undefined);
}

/** The reply of a request that could not start because the request code did not load. */
function notLoadedError(error: unknown): MessageError {
  const reason = error instanceof Error ? error.message : String(error);
  return {
    kind: 'connection',
    message: `The playground's request code did not load (${reason}); nothing was sent.`,
    status: null,
    code: null,
    type: null,
    param: null,
    hint: "Check that the playground's own server is reachable and try again; reloading the page also fetches it again (the conversation is saved).",
    requestId: null,
    rateLimit: null,
  };
}

/** A reply about to be continued, without what described the request that wrote it. */
function withoutRequestFacts(message: ConversationMessage): ConversationMessage {
  const {
    error: _error,
    usage: _usage,
    finish_reason: _finish,
    timings: _timings,
    continuedFrom: _from,
    logprobsRequested: _asked,
    ...kept
  } = message;
  return kept;
}

/** What a continuing request has brought so far, put after the text (and tokens) it continues. */
function continuedFields(
  before: ConversationMessage,
  fields: Partial<ReplyFields>,
): Partial<ConversationMessage> {
  const { content = '', reasoning, logprobs, ...rest } = fields;
  const out: Partial<ConversationMessage> = { ...rest, content: before.content + content };
  const earlier = before.reasoning;
  if (earlier && reasoning)
    out.reasoning = {
      ...reasoning,
      text: earlier.text + reasoning.text,
      tokens: earlier.tokens + reasoning.tokens,
    };
  else if (reasoning) out.reasoning = reasoning;
  if (logprobs) out.logprobs = [...(before.logprobs ?? []), ...logprobs];
  return out;
}

const noTransport: ChatTransport = {
  streamChat: () => {
    throw new Error('No server to send to: no connection is set up yet.');
  },
  createChat: () => Promise.reject(new Error('No server to send to: no connection is set up yet.')),
};

/**
 * The live state of the open conversations, one app's worth: messages, a status and the request in
 * flight each. Deltas reach the state at most once per animation frame; `stop` aborts the request.
 */
export function createChatSessionsStore(options: ChatSessionsOptions = {}): ChatSessionsStore {
  const now = options.now ?? Date.now;
  const createId = options.createId ?? (() => globalThis.crypto.randomUUID());
  const requestDefaults = options.requestDefaults ?? (() => ({}));
  const serverDialect = options.serverDialect ?? (() => ({ functions: 'legacy' as const, thinkTags: false }));
  let transport = options.transport ?? noTransport;
  const requests = new Map<string, ReplyRequest>();
  // Requests waiting for the request code, and those of them stopped before it came.
  const starting = new Set<string>();
  const stoppedEarly = new Set<string>();
  const closing = new Set<string>();

  return createStore<ChatSessionsState>()((set, get) => {
    const session = (id: string): ChatSessionSnapshot => {
      const found = get().sessions[id];
      if (!found) throw new Error(`Conversation ${id} is not open.`);
      return found;
    };
    const patch = (id: string, change: (s: ChatSessionSnapshot) => Partial<ChatSessionSnapshot>) =>
      set((state) => {
        const current = state.sessions[id];
        return current
          ? { sessions: { ...state.sessions, [id]: { ...current, ...change(current) } } }
          : state;
      });
    const remove = (id: string) =>
      set((state) => {
        const { [id]: _gone, ...rest } = state.sessions;
        return { sessions: rest };
      });
    const idle = (id: string, action: string): ChatSessionSnapshot => {
      const current = session(id);
      if (isBusy(current))
        throw new Error(`Cannot ${action} while a reply is being generated; stop it first.`);
      return current;
    };
    /**
     * Changes the path and versions when no request runs. `label` makes it undoable (what it did,
     * said in the undo bar); any other change ends the chance to undo the one before.
     */
    const editTree = (
      id: string,
      action: string,
      change: (current: tree.ConversationTree) => tree.ConversationTree,
      label: string | null = null,
    ) => {
      const current = idle(id, action);
      const before = { messages: current.messages, branches: current.branches };
      const next = change(before);
      patch(id, () => ({ ...next, undoable: label === null ? null : { label, before } }));
    };
    const editTranscript = (
      id: string,
      action: string,
      change: (messages: readonly ConversationMessage[]) => ConversationMessage[],
      label: string | null = null,
    ) => editTree(id, action, (t) => ({ messages: change(t.messages), branches: t.branches }), label);
    /** The message's place on the path, from 1 (as the transcript numbers it). */
    const position = (id: string, messageId: string): number => {
      const index = session(id).messages.findIndex((m) => m.id === messageId);
      if (index < 0)
        throw new Error(`No message with id "${messageId}" in this conversation (it may have been deleted).`);
      return index + 1;
    };
    // The field shows a value the stored parameter is not: sending would send something else.
    const refused = (id: string): boolean => Object.keys(session(id).invalidParameters).length > 0;
    const patchReply = (replyId: string, fields: Partial<ConversationMessage>) => (s: ChatSessionSnapshot) =>
      s.messages.map((m) => (m.id === replyId ? { ...m, ...fields } : m));

    /**
     * Requests a reply to the path shown. Without `continuing`, a new assistant message is appended;
     * with it (the path's last message, an assistant reply or prefill), the path is sent as it stands
     * and what comes is appended to that message's text, which is kept whatever happens.
     */
    const request = async (id: string, continuing?: ConversationMessage): Promise<void> => {
      const { options: o, messages } = session(id);
      const replyId = continuing?.id ?? createId();
      const prefix = continuing?.content ?? '';
      // Shown at once; when the request code must be fetched first, the times are set again as it is sent.
      const queuedAt = now();
      const timings = { requestStartedAt: queuedAt, firstTokenAt: null, endedAt: null };
      // A continued reply keeps its text; what described the request before (error, usage, timings) goes.
      const reply: ConversationMessage = continuing
        ? {
            ...withoutRequestFacts(continuing),
            status: 'pending',
            model: o.model,
            continuedFrom: prefix.length,
            timings,
          }
        : {
            id: replyId,
            role: 'assistant',
            content: '',
            status: 'pending',
            model: o.model,
            createdAt: queuedAt,
            timings,
          };
      const grown = (fields: Partial<ReplyFields>): Partial<ConversationMessage> =>
        continuing ? continuedFields(continuing, fields) : fields;
      const place = (s: ChatSessionSnapshot, message: ConversationMessage) =>
        continuing ? s.messages.map((m) => (m.id === replyId ? message : m)) : [...s.messages, message];
      // The body, and what the reply records of it, from the request code.
      const prepare = (code: ReplyMachinery) => {
        const parameters = pickChatParameters(effectiveChatParameters(o.parameters, requestDefaults()));
        const server = serverDialect();
        const body = code.buildChatRequest({ ...o, parameters, messages, dialect: server.functions });
        const startedAt = now();
        const recorded: Partial<ConversationMessage> = {
          ...(body.logprobs === true ? { logprobsRequested: true } : {}),
          createdAt: startedAt,
          timings: { requestStartedAt: startedAt, firstTokenAt: null, endedAt: null },
        };
        return { body, server, startedAt, recorded };
      };
      const busy = { undoable: null, status: 'submitted', error: null } as const;
      let tools = machinery.current();
      let prepared: ReturnType<typeof prepare>;
      if (tools) {
        // The code is here: one update (and one autosave) puts the reply and the request in place.
        prepared = prepare(tools);
        const { body, recorded } = prepared;
        patch(id, (s) => ({
          ...busy,
          lastRequest: body,
          messages: place(s, { ...reply, ...recorded }),
        }));
      } else {
        // Busy from here on, so nothing edits the transcript or sends twice while the code arrives.
        patch(id, (s) => ({ ...busy, messages: place(s, reply) }));
        starting.add(id);
        try {
          tools = await machinery.load();
        } catch (error) {
          const failure = notLoadedError(error);
          stoppedEarly.delete(id);
          patch(id, (s) => ({
            status: 'error',
            error: failure,
            messages: patchReply(replyId, { status: 'error', error: failure })(s),
          }));
          // Closed while the code was awaited: its last state is published, now it can go.
          if (closing.delete(id)) remove(id);
          return;
        } finally {
          starting.delete(id);
        }
        if (stoppedEarly.delete(id)) {
          // Stopped before anything was sent: a continued reply is put back as it was.
          const back = continuing ?? { ...reply, status: 'stopped' as const };
          patch(id, (s) => ({
            status: 'ready',
            messages: s.messages.map((m) => (m.id === replyId ? back : m)),
          }));
          if (closing.delete(id)) remove(id);
          return;
        }
        prepared = prepare(tools);
        const { body, recorded } = prepared;
        patch(id, (s) => ({ lastRequest: body, messages: patchReply(replyId, recorded)(s) }));
      }
      const { body, server, startedAt: requestStartedAt } = prepared;
      const running = tools.startReplyRequest({
        transport,
        body,
        stream: o.stream,
        thinkTags: server.thinkTags,
        now,
        requestFrame: options.requestFrame,
        onProgress: ({ firstTokenAt, largestGapMs, ...fields }) =>
          patch(id, (s) => ({
            status: 'streaming',
            messages: patchReply(replyId, {
              ...grown(fields),
              status: 'streaming',
              timings: { requestStartedAt, firstTokenAt, endedAt: null, largestGapMs: largestGapMs ?? null },
            })(s),
          })),
      });
      requests.set(id, running);
      const { status, error, fields, endedAt } = await running.done;
      requests.delete(id);
      const { firstTokenAt, largestGapMs, ...rest } = fields;
      patch(id, (s) => ({
        status: error ? 'error' : 'ready',
        error,
        messages: patchReply(replyId, {
          ...grown(rest),
          status,
          timings: { requestStartedAt, firstTokenAt, endedAt, largestGapMs: largestGapMs ?? null },
          ...(error ? { error } : {}),
        })(s),
      }));
      // Its final state has been published (and saved by whoever listens): now it can go.
      if (closing.delete(id)) remove(id);
    };

    const actions: ChatSessionActions = {
      open(conversation, init = {}) {
        closing.delete(conversation.id);
        if (get().sessions[conversation.id]) return;
        const snapshot: ChatSessionSnapshot = {
          id: conversation.id,
          title: conversation.title,
          createdAt: conversation.createdAt,
          messages: [...conversation.messages],
          branches: conversation.branches ?? {},
          undoable: null,
          status: 'ready',
          error: null,
          lastRequest: null,
          options: {
            model: conversation.model,
            systemPrompt: conversation.systemPrompt,
            parameters: pickChatParameters(conversation.parameters),
            stream: init.stream ?? true,
            ...(conversation.functions ? { functions: conversation.functions } : {}),
            replySchema: storedReplySchema(conversation),
          },
          invalidParameters: {},
        };
        snapshot.invalidParameters = withFormatProblem({}, snapshot.options);
        set((state) => ({ sessions: { ...state.sessions, [conversation.id]: snapshot } }));
      },
      close(id) {
        const current = get().sessions[id];
        if (!current) return;
        if (!isBusy(current)) return remove(id);
        closing.add(id);
        actions.stop(id);
      },
      setTransport(next) {
        transport = next;
      },
      setOptions(id, change) {
        patch(id, (s) => {
          const next = { ...s.options, ...change };
          if (!change.parameters)
            return { options: next, invalidParameters: withFormatProblem(s.invalidParameters, next) };
          next.parameters = pickChatParameters(change.parameters);
          const before = s.options.parameters as Record<string, unknown>;
          const after = next.parameters as Record<string, unknown>;
          const changed = Object.keys(s.invalidParameters).filter((name) => before[name] !== after[name]);
          const invalidParameters = { ...s.invalidParameters };
          for (const name of changed) delete invalidParameters[name];
          return { options: next, invalidParameters: withFormatProblem(invalidParameters, next) };
        });
      },
      setInvalidParameter(id, name, invalid) {
        // The format's problem follows its fields (see `withFormatProblem`), not a control's say.
        if (name === 'response_format') return;
        const was = get().sessions[id]?.invalidParameters[name];
        if (was?.text === invalid?.text && was?.reason === invalid?.reason) return;
        patch(id, (s) => {
          const { [name]: _was, ...rest } = s.invalidParameters;
          return { invalidParameters: invalid ? { ...rest, [name]: invalid } : rest };
        });
      },
      setTitle: (id, title) => patch(id, () => ({ title })),
      replaceMessages(id, messages) {
        editTree(
          id,
          'replace the conversation',
          () => ({ messages: [...messages], branches: {} }),
          'The conversation was replaced.',
        );
        patch(id, () => ({ status: 'ready', error: null }));
      },
      editMessage: (id, messageId, edit) =>
        editTranscript(
          id,
          'edit a message',
          (m) => edits.editMessage(m, messageId, edit),
          `Message ${position(id, messageId)} edited.`,
        ),
      deleteMessage: (id, messageId) =>
        editTree(
          id,
          'delete a message',
          (t) => tree.deleteFromPath(t, messageId),
          `Message ${position(id, messageId)} deleted.`,
        ),
      undo(id) {
        const current = get().sessions[id];
        if (!current?.undoable || isBusy(current)) return false;
        const { before } = current.undoable;
        patch(id, () => ({ ...before, undoable: null }));
        return true;
      },
      showVersion: (id, messageId, step) =>
        editTree(id, 'show another version', (t) => tree.showVersion(t, messageId, step)),
      insertMessage(id, index, message) {
        const messageId = createId();
        editTree(id, 'insert a message', (t) =>
          tree.insertIntoPath(t, index, { ...message, id: messageId, createdAt: now() }),
        );
        return messageId;
      },
      moveMessage: (id, messageId, toIndex) =>
        editTranscript(
          id,
          'reorder messages',
          (m) => edits.moveMessage(m, messageId, toIndex),
          `Message ${position(id, messageId)} moved.`,
        ),
      async send(id, text, images = []) {
        if (refused(id)) return;
        const message: ConversationMessage = {
          id: createId(),
          role: 'user',
          content: text,
          ...(images.length > 0 ? { images: images.map((image) => ({ ...image })) } : {}),
          createdAt: now(),
        };
        editTranscript(id, 'send a message', (m) => [...m, message]);
        await request(id);
      },
      async regenerate(id) {
        if (refused(id)) return;
        const { messages } = idle(id, 'regenerate');
        // The reply asked again for is kept: a version of that turn.
        if (messages.at(-1)?.role === 'assistant')
          editTree(id, 'regenerate', (t) => tree.fork(t, messages.length - 2, []));
        await request(id);
      },
      async continueFrom(id, messageId) {
        if (refused(id)) return;
        editTree(id, 'continue', (t) => tree.fork(t, position(id, messageId) - 1, []));
        await request(id);
      },
      async continueReply(id) {
        if (refused(id)) return;
        const { messages } = idle(id, 'continue the reply');
        const last = messages.at(-1);
        if (last?.role !== 'assistant' || last.function_call || last.tool_calls?.length)
          throw new Error(
            'Only a text reply (or assistant text you wrote) at the end of the conversation can be continued.',
          );
        // It grows in a copy of its own: the text as it was stays a version of that place, as Regenerate keeps one.
        const copy: ConversationMessage = { ...last, id: createId() };
        editTree(id, 'continue the reply', (t) => tree.fork(t, messages.length - 2, [copy]));
        await request(id, copy);
      },
      async editAndResend(id, messageId, edit) {
        if (refused(id)) return;
        const index = position(id, messageId) - 1;
        const original = idle(id, 'resend').messages[index]!;
        // A copy of its own: the original stays, unchanged, in the version it began.
        const copy: ConversationMessage = {
          ...edits.withEdit(original, edit),
          id: createId(),
          createdAt: now(),
        };
        editTree(id, 'resend', (t) => tree.fork(t, index - 1, [copy]));
        await request(id);
      },
      stop(id) {
        if (starting.has(id)) stoppedEarly.add(id);
        requests.get(id)?.stop();
      },
    };
    return { sessions: {}, actions };
  });
}
