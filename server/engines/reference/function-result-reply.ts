/**
 * The reply after a `function` message: the reference engine cannot interpret a result, so it shows
 * it plainly — which function answered, the result as data, and its top-level fields in a table.
 */
import type { ChatCompletionRequest } from '../../../src/protocol/wire';
import { messageText } from './request-analysis';
import type { PhrasePicker } from './sampling';

function describeValue(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  const clipped = text.length > 80 ? `${text.slice(0, 80)}…` : text;
  return clipped.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

export function composeFunctionResultReply(request: ChatCompletionRequest, picker: PhrasePicker): string {
  const last = request.messages.at(-1);
  const name = last?.name ?? 'the function';
  const raw = messageText(last);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = undefined;
  }
  const lines = [
    `## ${picker.pick(['Result of', 'What came back from', 'The answer of'])} \`${name}\``,
    `The reference engine does not interpret results; here is what \`${name}\` returned, as it came.`,
  ];
  if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) {
    const entries = Object.entries(parsed as Record<string, unknown>);
    lines.push(
      [
        '| Field | Value |',
        '|---|---|',
        ...entries.map(([key, value]) => `| \`${key}\` | ${describeValue(value)} |`),
      ].join('\n'),
    );
    lines.push(`- **Fields:** ${entries.length}`);
  }
  const body = parsed === undefined ? raw : JSON.stringify(parsed, null, 2);
  lines.push(`\`\`\`${parsed === undefined ? 'text' : 'json'}\n${body.replace(/```/g, '`\u200b``')}\n\`\`\``);
  return lines.join('\n\n');
}
