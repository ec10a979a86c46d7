/**
 * Current OpenAI-compatible servers (vLLM, llama.cpp, Ollama, OpenAI) take functions as `tools`;
 * several no longer accept the legacy `functions` / `function_call` / `function` role. So for such an
 * upstream the request is rewritten to the tools form: definitions become `tools`, `function_call`
 * becomes `tool_choice`, an assistant `function_call` becomes one `tool_calls` entry with a made-up
 * id, and a `function` message becomes a `tool` message answering that id. A service of this
 * interface (svc-* model) gets the legacy form unchanged.
 */
import type { ChatCompletionRequest, ChatMessage } from '../../../src/protocol/wire';

type Json = Record<string, unknown>;

function toolChoice(mode: ChatCompletionRequest['function_call']): unknown {
  if (mode === undefined) return undefined;
  if (typeof mode === 'object' && mode !== null) return { type: 'function', function: { name: mode.name } };
  return mode;
}

function toolMessages(messages: readonly ChatMessage[]): Json[] {
  const idsByName = new Map<string, string>();
  let lastId: string | undefined;
  return messages.map((message, index) => {
    if (message.role === 'assistant' && message.function_call) {
      const id = `call_${index}`;
      idsByName.set(message.function_call.name, id);
      lastId = id;
      const { function_call: call, ...rest } = message;
      return {
        ...rest,
        content: message.content ?? null,
        tool_calls: [{ id, type: 'function', function: call }],
      };
    }
    if (message.role === 'function') {
      const id =
        (message.name !== undefined ? idsByName.get(message.name) : undefined) ?? lastId ?? `call_${index}`;
      return { role: 'tool', tool_call_id: id, content: message.content ?? '' };
    }
    return { ...message };
  });
}

/** True when the request uses functions in any way (definitions, a call, or a result). */
export function usesFunctions(request: ChatCompletionRequest): boolean {
  return (
    (request.functions?.length ?? 0) > 0 ||
    request.function_call !== undefined ||
    request.messages.some((m) => m.role === 'function' || m.function_call !== undefined)
  );
}

/** The request body fields in the tools form (only the fields that change). */
export function toToolsForm(request: ChatCompletionRequest): Json {
  const body: Json = {
    messages: toolMessages(request.messages),
    functions: undefined,
    function_call: undefined,
  };
  if (request.functions && request.functions.length > 0) {
    body.tools = request.functions.map((fn) => ({ type: 'function', function: fn }));
  }
  const choice = toolChoice(request.function_call);
  if (choice !== undefined) body.tool_choice = choice;
  return body;
}
