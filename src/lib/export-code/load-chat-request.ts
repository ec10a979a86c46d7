import type { ChatCompletionRequest, ChatMessage, FunctionDefinition } from '../../protocol/wire';
import type { PastedRequest } from './parse-curl';

/** A chat request taken apart into what the chat page edits. */
export interface ChatRequestDraft {
  model: string;
  systemPrompt: string;
  messages: ChatMessage[];
  /** Every other request field, exactly as pasted (the page keeps unset fields absent). */
  parameters: Omit<ChatCompletionRequest, 'model' | 'messages' | 'functions' | 'tools' | 'stream'>;
  functions: FunctionDefinition[];
  stream: boolean;
}

/**
 * Turns a pasted request into a chat draft. The leading system message becomes the system prompt.
 * @throws Error saying what is missing when the body is not a chat request.
 */
export function toChatDraft(pasted: PastedRequest): ChatRequestDraft {
  const body = pasted.body as Partial<ChatCompletionRequest> | null;
  if (!body || typeof body !== 'object') throw new Error('The request has no JSON body to load.');
  if (typeof body.model !== 'string')
    throw new Error('The request body has no "model" string, so it is not a chat request.');
  if (!Array.isArray(body.messages))
    throw new Error('The request body has no "messages" array, so it is not a chat request.');
  const { model, messages, functions, tools, stream, ...parameters } = body as ChatCompletionRequest;
  const first = messages[0];
  const system = first?.role === 'system' && typeof first.content === 'string' ? first.content : null;
  return {
    model,
    systemPrompt: system ?? '',
    messages: system === null ? messages : messages.slice(1),
    parameters,
    // Tools-dialect definitions are functions in a wrapper; the connection decides how they are sent.
    functions:
      functions ?? tools?.map(({ function: { strict: _strict, ...definition } }) => definition) ?? [],
    stream: stream === true,
  };
}
