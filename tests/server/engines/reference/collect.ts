import type {
  ChatCompletionRequest,
  CodeCompletionRequest,
  TokenLogprob,
  Usage,
} from '../../../../src/protocol/wire';
import type { EngineEvent } from '../../../../server/engines/engine';
import { createReferenceEngines } from '../../../../server/engines/reference';

export interface Collected {
  events: EngineEvent[];
  content: string;
  reasoning: string;
  logprobs: TokenLogprob[];
  /** The finish event; local engines always count usage (an upstream's may be absent: check it). */
  finish: (Extract<EngineEvent, { type: 'finish' }> & { usage: Usage }) | undefined;
  call: Extract<EngineEvent, { type: 'function_call' }> | undefined;
}

export async function collect(events: AsyncIterable<EngineEvent>): Promise<Collected> {
  const result: Collected = {
    events: [],
    content: '',
    reasoning: '',
    logprobs: [],
    finish: undefined,
    call: undefined,
  };
  for await (const event of events) {
    result.events.push(event);
    if (event.type === 'text') {
      result.content += event.text;
      result.logprobs.push(...(event.logprobs ?? []));
    } else if (event.type === 'reasoning') result.reasoning += event.text;
    else if (event.type === 'finish') result.finish = event as Collected['finish'];
    else if (event.type === 'function_call') result.call = event;
  }
  return result;
}

const engines = createReferenceEngines();

/** A chat reply at temperature 0 unless the request says otherwise; `temperature: null` leaves it unset. */
export function chat(
  request: Omit<Partial<ChatCompletionRequest>, 'temperature'> & {
    content?: string;
    temperature?: number | null;
  },
  signal = new AbortController().signal,
): Promise<Collected> {
  const { content = 'Hello, what can you do?', temperature = 0, ...rest } = request;
  return collect(
    engines.chat.generate(
      {
        model: 'svc-chat',
        messages: [{ role: 'user', content }],
        ...(temperature === null ? {} : { temperature }),
        ...rest,
      },
      { signal },
    ),
  );
}

export function code(
  request: Partial<CodeCompletionRequest>,
  signal = new AbortController().signal,
): Promise<Collected> {
  return collect(
    engines.code.generate({ model: 'svc-coder', prompt: '', temperature: 0, ...request }, { signal }),
  );
}
