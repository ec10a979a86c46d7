/**
 * A conversation as a Markdown document for people: each message under its role, function calls
 * with their arguments, results under the function's name, reasoning folded in a details block,
 * a user message's images as Markdown images after its text.
 * The path shown only (versions not shown stay in the JSON export).
 */
import type { FunctionCall } from '../../protocol/wire';
import type { Conversation, ConversationMessage, MessageImage } from './conversation-types';

/** A fence longer than any run of backticks in `text`, so what it holds cannot close it. */
function fenced(text: string, language = ''): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${language}\n${text}\n${fence}`;
}

/** Arguments as sent, pretty-printed when they are JSON (a model may send text that is not). */
function argumentsText(call: FunctionCall): string {
  try {
    return JSON.stringify(JSON.parse(call.arguments), null, 2);
  } catch {
    return call.arguments;
  }
}

/** HTML's own special characters, for text inside the details block's summary line. */
const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function heading(message: ConversationMessage): string {
  if (message.role === 'user') return 'User';
  if (message.role === 'assistant') return message.model ? `Assistant (${message.model})` : 'Assistant';
  const of = message.name ? ` of \`${message.name}\`` : '';
  return message.role === 'tool' ? `Tool result${of}` : `Function result${of}`;
}

/**
 * A message's images as Markdown images, in the form whose destination may hold spaces and
 * parentheses (`<…>`); the label is the file's name or the image's number.
 */
function imagesMarkdown(images: readonly MessageImage[]): string {
  return images
    .map((image, i) => {
      const label = (image.name ?? `Image ${i + 1}`).replace(/[[\]\\]/g, '\\$&').replace(/\s+/g, ' ');
      const url = image.url.replace(/[<>\s]/g, encodeURIComponent);
      return `![${label}](<${url}>)`;
    })
    .join('\n');
}

function messageMarkdown(message: ConversationMessage): string {
  const parts = [`## ${heading(message)}`];
  if (message.reasoning && message.reasoning.text.trim() !== '')
    parts.push(
      `<details>\n<summary>${escapeHtml('Reasoning')}</summary>\n\n${message.reasoning.text}\n\n</details>`,
    );
  if (message.role === 'function' || message.role === 'tool') parts.push(fenced(message.content));
  else if (message.content !== '') parts.push(message.content);
  if (message.images && message.images.length > 0) parts.push(imagesMarkdown(message.images));
  if (message.refusal) parts.push(`> Refused: ${message.refusal}`);
  const calls = [
    ...(message.function_call ? [message.function_call] : []),
    ...(message.tool_calls ?? []).map((c) => c.function),
  ];
  for (const call of calls)
    parts.push(`**Function call** \`${call.name}\`\n\n${fenced(argumentsText(call), 'json')}`);
  if (message.status === 'stopped' || message.status === 'interrupted' || message.status === 'error')
    parts.push(`_(${message.status === 'error' ? 'failed' : message.status})_`);
  return parts.join('\n\n');
}

export function conversationMarkdown(conversation: Conversation): string {
  const head = [
    `# ${conversation.title.replace(/\s+/g, ' ')}`,
    `Model: \`${conversation.model}\` · ${new Date(conversation.updatedAt).toISOString()}`,
  ];
  if (conversation.systemPrompt.trim() !== '') head.push(`## System\n\n${conversation.systemPrompt}`);
  return `${[...head, ...conversation.messages.map(messageMarkdown)].join('\n\n')}\n`;
}
