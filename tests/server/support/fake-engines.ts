import type {
  AudioEngine,
  ChatEngine,
  ChatEngineRequest,
  CodeEngine,
  EngineEvent,
  GenerateOptions,
  Transcript,
} from '../../../server/engines/engine';
import type { CodeCompletionRequest } from '../../../src/protocol/wire';

export const USAGE = { prompt_tokens: 7, completion_tokens: 3, total_tokens: 10 };

/**
 * A chat engine that yields `script` (or what `script(request)` returns) and records every call: the
 * validated request, and apart from it the client's body as the route handed it on (`clientBody`).
 */
export function scriptedChatEngine(script: EngineEvent[] | ((request: ChatEngineRequest) => EngineEvent[])) {
  const calls: {
    request: ChatEngineRequest;
    clientBody: ChatEngineRequest['clientBody'];
    signal: AbortSignal;
  }[] = [];
  const engine: ChatEngine = {
    describe: (id) => `fake engine for ${id}`,
    async *generate({ clientBody, ...request }, { signal }: GenerateOptions) {
      calls.push({ request, clientBody, signal });
      for (const event of typeof script === 'function' ? script(request) : script) {
        if (signal.aborted) return;
        yield event;
      }
    },
  };
  return { engine, calls };
}

/** A code engine with a fixed reply. */
export function scriptedCodeEngine(events: EngineEvent[]) {
  const calls: CodeCompletionRequest[] = [];
  const engine: CodeEngine = {
    describe: (id) => `fake code engine for ${id}`,
    async *generate({ clientBody: _clientBody, ...request }) {
      calls.push(request);
      yield* events;
    },
  };
  return { engine, calls };
}

/**
 * A chat engine that yields one text event, then waits until aborted; `aborted` resolves when it
 * saw the abort. Proves that a client going away reaches the engine.
 */
export function hangingChatEngine() {
  let sawAbort: () => void = () => undefined;
  const aborted = new Promise<void>((resolve) => (sawAbort = resolve));
  const engine: ChatEngine = {
    describe: () => 'hanging',
    async *generate(_request, { signal }) {
      try {
        yield { type: 'text', text: 'first' };
        await new Promise<void>((resolve) => {
          if (signal.aborted) resolve();
          signal.addEventListener('abort', () => resolve(), { once: true });
        });
      } finally {
        // Whether the engine was closed at its yield or woken by the abort, its signal must say so.
        if (signal.aborted) sawAbort();
      }
    },
  };
  return { engine, aborted };
}

/** An audio engine with a fixed transcript. */
export function fixedAudioEngine(transcript: Transcript) {
  const calls: Parameters<AudioEngine['transcribe']>[0][] = [];
  const engine: AudioEngine = {
    describe: () => 'fake audio engine',
    async transcribe(input) {
      calls.push(input);
      return transcript;
    },
  };
  return { engine, calls };
}

export const TEXT_REPLY: EngineEvent[] = [
  { type: 'text', text: 'Hello' },
  { type: 'text', text: ', world' },
  { type: 'finish', finish_reason: 'stop', usage: USAGE },
];
