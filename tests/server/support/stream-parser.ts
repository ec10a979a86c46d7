/**
 * A deliberately small parser for the two stream forms, independent of the code under test:
 * SSE (`data: ` lines, `[DONE]`) and bare JSON lines.
 */
export interface ParsedStream {
  events: unknown[];
  done: boolean;
}

export function parseSse(text: string): ParsedStream {
  const events: unknown[] = [];
  let done = false;
  for (const block of text.split('\n\n')) {
    if (block.trim() === '') continue;
    if (!block.startsWith('data: ')) throw new Error(`not an SSE data event: ${block}`);
    const data = block.slice('data: '.length);
    if (data === '[DONE]') done = true;
    else events.push(JSON.parse(data));
  }
  return { events, done };
}

export function parseJsonLines(text: string): ParsedStream {
  const events = text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as unknown);
  return { events, done: false };
}
