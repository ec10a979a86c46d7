/** Chat engines for function-calling tests: scripted calls the reference engine would not make on demand. */
import type { ChatEngine, ChatEngineRequest, EngineEvent } from '../../../server/engines/engine';

const usage = { prompt_tokens: 5, completion_tokens: 5, total_tokens: 10 };

/**
 * Replies by what the conversation holds: the n-th function call of `calls` after n function
 * results, then text. Arguments are sent in two fragments, as real servers stream them.
 */
export function callSequenceEngine(calls: { name: string; arguments: string }[], finalText = 'All done.') {
  const requests: ChatEngineRequest[] = [];
  const engine: ChatEngine = {
    describe: () => 'A test engine that makes scripted function calls.',
    async *generate(request): AsyncIterable<EngineEvent> {
      requests.push(request);
      const results = request.messages.filter(
        (m) =>
          m.role === 'function' ||
          (m.role === 'user' && String(m.content).startsWith('Result of the function')),
      ).length;
      const call = calls[results];
      if (call) {
        const half = Math.floor(call.arguments.length / 2);
        yield { type: 'function_call', name: call.name, arguments: call.arguments.slice(0, half) };
        yield { type: 'function_call_arguments', arguments: call.arguments.slice(half) };
        yield { type: 'finish', finish_reason: 'function_call', usage };
        return;
      }
      yield { type: 'text', text: finalText };
      yield { type: 'finish', finish_reason: 'stop', usage };
    },
  };
  return { engine, requests };
}

/** Always replies with `text` (e.g. broken JSON for JSON mode). */
export function textEngine(text: string): ChatEngine {
  return {
    describe: () => 'A test engine with a fixed reply.',
    async *generate(): AsyncIterable<EngineEvent> {
      yield { type: 'text', text };
      yield { type: 'finish', finish_reason: 'stop', usage };
    },
  };
}
