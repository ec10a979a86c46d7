import type { CodeCompletion, FinishReason, Usage } from '../../src/protocol/wire';
import type { EngineEvent } from '../engines/engine';

/**
 * Collects a code engine's events into a `code.completion`. Only text counts as the continuation;
 * reasoning or function-call events (which a code engine should not send) are left out.
 */
export async function collectCodeCompletion(
  events: AsyncIterable<EngineEvent>,
  meta: { id: string; created: number; model: string },
): Promise<CodeCompletion> {
  let text = '';
  let finish: { reason: FinishReason; usage: Usage } | null = null;
  for await (const event of events) {
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
    usage: finish.usage,
  };
}
