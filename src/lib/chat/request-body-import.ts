import type { FunctionDefinition } from '../../protocol/wire';
import type { Conversation, ConversationMessage } from './conversation-types';
import {
  checkArray,
  checkEnum,
  checkObject,
  checkOptional,
  checkString,
  type Checker,
  type Issue,
} from './json-checks';
import { readRequestParameters } from './request-parameter-checks';
import { checkFunctionDefinition as functionDefinition } from './conversation-checks';

/** What a request body does not say and a conversation needs. */
export interface ImportDefaults {
  /** The model when the body names none (what a new conversation would start with). */
  model: string;
  createId: () => string;
  now: number;
}

const ROLES = ['system', 'developer', 'user', 'assistant', 'function', 'tool'] as const;
const IMAGE_PARTS = new Set(['image_url', 'input_image', 'image']);
const call = checkObject({ name: checkString, arguments: checkString }, true);
const toolCall = checkObject({ id: checkString, type: checkEnum(['function']), function: call }, true);
/** A string or null (OpenAI's clients send `refusal: null` on every assistant message). */
const nullable: Checker = (value, path, issues) => value === null || checkString(value, path, issues);

/**
 * A message's text: a string, or text parts joined by new lines. Anything else is refused, images
 * by name, since the chat page would send a conversation without them and never say so.
 */
function readContent(value: unknown, path: string, number: number, issues: Issue[]): string | null {
  if (typeof value === 'string') return value;
  if (!Array.isArray(value)) {
    issues.push({ path, reason: `must be a string or an array of text parts (message ${number})` });
    return null;
  }
  const texts: string[] = [];
  for (const [j, part] of value.entries()) {
    const type = (part as { type?: unknown } | null)?.type;
    const text = (part as { text?: unknown } | null)?.text;
    if (type === 'text' && typeof text === 'string') texts.push(text);
    else if (typeof type === 'string' && IMAGE_PARTS.has(type)) {
      issues.push({
        path: `${path}[${j}]`,
        reason: `Message ${number} has image parts; the chat page takes text only — use the Vision page`,
      });
      return null;
    } else {
      issues.push({
        path: `${path}[${j}]`,
        reason: `Message ${number} has a part the chat page cannot hold (${JSON.stringify(type ?? null)}); it takes text parts ({"type": "text", "text": …}) only`,
      });
      return null;
    }
  }
  return texts.join('\n');
}

function readMessage(
  raw: Record<string, unknown>,
  path: string,
  number: number,
  callIds: Set<string>,
  defaults: ImportDefaults,
  issues: Issue[],
): ConversationMessage | null {
  const role = raw.role as ConversationMessage['role'];
  const before = issues.length;
  const calls = raw.function_call !== undefined || raw.tool_calls !== undefined;
  const refusal = role === 'assistant' && typeof raw.refusal === 'string' ? raw.refusal : null;
  // A reply that only calls functions, or only refuses, may carry no text at all.
  const content =
    role === 'assistant' && (calls || refusal !== null) && (raw.content === null || raw.content === undefined)
      ? ''
      : readContent(raw.content, `${path}.content`, number, issues);
  checkObject(
    {
      name: role === 'function' ? checkString : checkOptional(checkString),
      tool_call_id: role === 'tool' ? checkString : checkOptional(checkString),
      function_call: checkOptional(call),
      tool_calls: checkOptional(checkArray(toolCall)),
      refusal: checkOptional(nullable),
    },
    true,
  )(raw, path, issues);
  if (role === 'tool' && typeof raw.tool_call_id === 'string' && !callIds.has(raw.tool_call_id))
    issues.push({
      path: `${path}.tool_call_id`,
      reason: `Message ${number} answers call "${raw.tool_call_id}", which no earlier assistant message made`,
    });
  if (issues.length > before || content === null) return null;

  const message: ConversationMessage = { id: defaults.createId(), role, content, createdAt: defaults.now };
  if (refusal !== null) message.refusal = refusal;
  if (typeof raw.name === 'string') message.name = raw.name;
  if (typeof raw.tool_call_id === 'string') message.tool_call_id = raw.tool_call_id;
  if (raw.function_call) {
    const { name, arguments: args } = raw.function_call as { name: string; arguments: string };
    message.function_call = { name, arguments: args };
  }
  if (raw.tool_calls) {
    message.tool_calls = (raw.tool_calls as NonNullable<ConversationMessage['tool_calls']>).map((c) => {
      callIds.add(c.id);
      return {
        id: c.id,
        type: 'function',
        function: { name: c.function.name, arguments: c.function.arguments },
      };
    });
  }
  return message;
}

function readFunctions(body: Record<string, unknown>, issues: Issue[]): FunctionDefinition[] {
  const functions: FunctionDefinition[] = [];
  if (checkOptional(checkArray(functionDefinition))(body.functions, '$.functions', issues))
    functions.push(...((body.functions as FunctionDefinition[] | undefined) ?? []));
  const tool = checkObject({ type: checkEnum(['function']), function: functionDefinition }, true);
  if (checkOptional(checkArray(tool))(body.tools, '$.tools', issues))
    functions.push(
      ...((body.tools as { function: FunctionDefinition }[] | undefined) ?? []).map((t) => t.function),
    );
  const seen = new Set<string>();
  for (const f of functions) {
    if (seen.has(f.name))
      issues.push({ path: '$.tools', reason: `defines function "${f.name}" twice; names must be unique` });
    seen.add(f.name);
  }
  return structuredClone(functions);
}

/** The first line of the first thing the user said, as the sidebar shows titles. */
function titleOf(messages: readonly ConversationMessage[]): string {
  const first = messages.find((m) => m.role === 'user' && m.content.trim() !== '');
  if (!first) return 'Imported conversation';
  const line = first.content.trim().split('\n')[0]!;
  return line.length > 60 ? `${line.slice(0, 57)}…` : line;
}

const checkBody: Checker = checkObject(
  {
    messages: checkArray(checkObject({ role: checkEnum(ROLES) }, true)),
    model: checkOptional(checkString),
  },
  true,
);

/**
 * Reads the plain request body other tools write (`{"model", "messages", "functions" or "tools",
 * parameters…}`) as a new conversation. A first `system` (or `developer`) message becomes the system
 * prompt; function and tool messages keep their fields. Fields the page has no place for (`stream`,
 * `n`, a server's own sampling knobs) are left out; everything it does keep is checked, and every
 * problem is listed with its path.
 */
export function readRequestBody(
  body: Record<string, unknown>,
  defaults: ImportDefaults,
  issues: Issue[],
): Conversation | null {
  const before = issues.length;
  if (!checkBody(body, '$', issues) && !Array.isArray(body.messages)) return null;
  const raws = body.messages as Record<string, unknown>[];
  let systemPrompt = '';
  const messages: ConversationMessage[] = [];
  const callIds = new Set<string>();
  raws.forEach((raw, i) => {
    const path = `$.messages[${i}]`;
    if (typeof raw !== 'object' || raw === null || !ROLES.includes(raw.role as never)) return;
    if (raw.role === 'system' || raw.role === 'developer') {
      if (i === 0) systemPrompt = readContent(raw.content, `${path}.content`, 1, issues) ?? '';
      else
        issues.push({
          path: `${path}.role`,
          reason: `Message ${i + 1} is a ${raw.role} message after the first; the chat page keeps one system prompt, the first message's`,
        });
      return;
    }
    const message = readMessage(raw, path, i + 1, callIds, defaults, issues);
    if (message) messages.push(message);
  });
  const functions = readFunctions(body, issues);
  const parameters = readRequestParameters(body, '$', issues);
  if (issues.length > before) return null;
  return {
    id: defaults.createId(),
    title: titleOf(messages),
    createdAt: defaults.now,
    updatedAt: defaults.now,
    model: typeof body.model === 'string' && body.model.trim() !== '' ? body.model : defaults.model,
    systemPrompt,
    messages,
    parameters,
    ...(functions.length > 0 ? { functions } : {}),
  };
}
