import type { ChatEngine, EngineEvent } from '../../../../server/engines/engine';
import type { ChatMessage, Usage } from '../../../../src/protocol/wire';

/** A local engine's finish event, which always counts usage. */
type Finish = Extract<EngineEvent, { type: 'finish' }> & { usage: Usage };

/** Runs a chat engine to the end and returns its text and finish event. */
export async function collectReply(
  engine: ChatEngine,
  messages: ChatMessage[],
  extra: { max_tokens?: number; signal?: AbortSignal } = {},
): Promise<{ text: string; finish: Finish | undefined; pieces: number }> {
  let text = '';
  let finish: Finish | undefined;
  let pieces = 0;
  const request = {
    model: 'svc-vision',
    messages,
    ...(extra.max_tokens !== undefined && { max_tokens: extra.max_tokens }),
  };
  for await (const event of engine.generate(request, {
    signal: extra.signal ?? new AbortController().signal,
  })) {
    if (event.type === 'text') {
      text += event.text;
      pieces += 1;
    } else if (event.type === 'finish') finish = event as Finish;
  }
  return { text, finish, pieces };
}

/** A user message with a prompt and images. */
export function imageMessage(
  prompt: string,
  ...images: { url: string; detail?: 'low' | 'high' | 'auto' }[]
): ChatMessage {
  return {
    role: 'user',
    content: [
      { type: 'text', text: prompt },
      ...images.map((image) => ({ type: 'image_url' as const, image_url: image })),
    ],
  };
}
