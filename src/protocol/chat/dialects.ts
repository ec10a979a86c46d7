/**
 * The two function-calling dialects and the way between them.
 * - Legacy (the spec's): `functions`, `function_call`, an assistant `function_call`, `function` role
 *   results named by function.
 * - Tools (what vLLM, llama.cpp, Ollama and OpenAI speak; several no longer accept legacy): `tools`,
 *   `tool_choice`, assistant `tool_calls` (several at once), `tool` role results named by call id.
 * `toToolsForm` rewrites a legacy request for a tools server (made-up ids answer each other);
 * `toLegacyForm` reads a tools request in legacy terms, for code that thinks in one call at a time.
 */
import type { ChatCompletionRequest, ChatMessage, FunctionDefinition } from '../wire';

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

/** Which dialect a request speaks: tools when it offers tools or carries a tool call or result. */
export function dialectOf(request: ChatCompletionRequest): 'legacy' | 'tools' {
  if (request.tools !== undefined || request.tool_choice !== undefined) return 'tools';
  return request.messages.some((m) => m.role === 'tool' || m.tool_calls !== undefined) ? 'tools' : 'legacy';
}

export interface LegacyView {
  /** The request in legacy terms: `functions`, `function_call`, `function` results. */
  request: ChatCompletionRequest;
  /** `tool_choice: "required"`: some function must be called (legacy has no word for it). */
  required: boolean;
  /** Several calls may be made in one reply (the tools dialect, unless `parallel_tool_calls: false`). */
  parallel: boolean;
}

/**
 * A tools-dialect request read as legacy: tool definitions become functions, `tool_choice` becomes
 * `function_call`, each assistant call a `function_call` (several calls become several assistant
 * messages), and each `tool` result a `function` message named after the call it answers.
 */
export function toLegacyForm(request: ChatCompletionRequest): LegacyView {
  if (dialectOf(request) === 'legacy') return { request, required: false, parallel: false };
  const { tools, tool_choice: choice, parallel_tool_calls: parallel, ...rest } = request;
  const names = new Map<string, string>();
  const messages: ChatMessage[] = [];
  for (const message of request.messages) {
    if (message.role === 'assistant' && message.tool_calls && message.tool_calls.length > 0) {
      const { tool_calls: calls, refusal, ...plain } = message;
      calls.forEach((call, i) => {
        names.set(call.id, call.function.name);
        // The text and a refusal were said once: they stay on the first of the split messages.
        const said =
          i === 0 ? { content: plain.content, ...(refusal != null ? { refusal } : {}) } : { content: null };
        messages.push({ ...plain, ...said, function_call: call.function });
      });
    } else if (message.role === 'tool') {
      const name = (message.tool_call_id !== undefined && names.get(message.tool_call_id)) || 'tool';
      messages.push({ role: 'function', name, content: message.content });
    } else {
      messages.push(message);
    }
  }
  const legacy: ChatCompletionRequest = { ...rest, messages };
  const functions: FunctionDefinition[] | undefined = tools?.map(({ function: fn }) => {
    const { strict: _strict, ...definition } = fn;
    return definition;
  });
  if (functions && functions.length > 0) legacy.functions = functions;
  if (choice === 'auto' || choice === 'none') legacy.function_call = choice;
  else if (typeof choice === 'object' && choice !== null)
    legacy.function_call = { name: choice.function.name };
  return { request: legacy, required: choice === 'required', parallel: parallel !== false };
}
