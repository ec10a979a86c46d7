import type { CodeCompletion, FinishReason, Usage } from '../../src/protocol/wire';
import type { EngineEvent } from '../engines/engine';

/**
 * Collects a code engine's events into a `code.completion` (without `usage` when the engine counted
 * none: an upstream that sent no usage). Only text counts as the continuation;
 * reasoning or function-call events (which a code engine should not send) are left out.
 */
export async function collectCodeCompletion(
  events: AsyncIterable<EngineEvent>,
  meta: { id: string; created: number; model: string; headers?: Record<string, string> },
): Promise<Omit<CodeCompletion, 'usage'> & { usage?: Usage }> {
  let text = '';
  let finish: { reason: FinishReason; usage: Usage | undefined } | null = null;
  for await (const event of events) {
    if (event.type === 'identity') {
      // An upstream's reply keeps its own model; its id stays ours (the spec's `codecmpl-` form).
      if (event.model !== undefined) meta.model = event.model;
      if (event.headers) Object.assign((meta.headers ??= {}), event.headers);
    }
    if (event.type === 'text') text += event.text;
    if (event.type === 'finish') {
      finish = { reason: event.finish_reason, usage: event.usage };
      break;
    }
  }
  if (!finish) throw new Error('The code engine ended its reply without a finish event.');
  return {
    id: meta.id,
    object: 'code.completion',
    created: meta.created,
    model: meta.model,
    choices: [{ text, index: 0, finish_reason: finish.reason }],
    ...(finish.usage ? { usage: finish.usage } : {}),
  };
}
