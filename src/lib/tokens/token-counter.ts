/**
 * Counts a conversation's prompt tokens as it is typed, without holding up the page: the o200k table
 * (2.4 MB) and the counting run in a worker, started on first use. Only the newest question matters,
 * so while one count runs, later ones replace each other and the last is asked next: typing fast
 * never queues a count per key.
 */
import type { ChatMessage } from '../../protocol/wire';

export interface CountQuestion {
  history: readonly ChatMessage[];
  draft: string;
}

export type CountAnswer = { ok: true; history: number; draft: number } | { ok: false; message: string };

export interface TokenCount {
  /** Prompt tokens of the conversation as it stands (reply priming included). */
  history: number;
  /** What the text in the box adds as one more user message. */
  draft: number;
  /** The question these figures answer. */
  question: CountQuestion;
}

export interface TokenCounter {
  ask(question: CountQuestion): void;
  dispose(): void;
}

type Count = (question: CountQuestion) => Promise<CountAnswer>;

/** Counts in a worker; where there are none (jsdom), on this thread, the module loaded on first use. */
function defaultCount(): { count: Count; dispose: () => void } {
  if (typeof Worker === 'undefined') {
    return {
      count: async ({ history, draft }) => {
        const { countConversationTokens, countDraftTokens } = await import('./o200k-count');
        return { ok: true, history: countConversationTokens(history), draft: countDraftTokens(draft) };
      },
      dispose: () => undefined,
    };
  }
  let worker: Worker | null = null;
  return {
    count: (question) =>
      new Promise<CountAnswer>((resolve) => {
        worker ??= new Worker(new URL('./token-count-worker.ts', import.meta.url), { type: 'module' });
        worker.onmessage = (event: MessageEvent<CountAnswer>) => resolve(event.data);
        worker.onerror = (event) => {
          event.preventDefault();
          worker?.terminate();
          worker = null;
          resolve({ ok: false, message: event.message || 'the tokenizer could not be loaded' });
        };
        worker.postMessage(question);
      }),
    dispose: () => worker?.terminate(),
  };
}

export function createTokenCounter(
  onCount: (count: TokenCount) => void,
  onError: (message: string) => void,
  counter: { count: Count; dispose: () => void } = defaultCount(),
): TokenCounter {
  let next: CountQuestion | null = null;
  let running = false;
  let disposed = false;
  const pump = async () => {
    running = true;
    while (next !== null && !disposed) {
      const question = next;
      next = null;
      const answer = await counter
        .count(question)
        .catch((error: unknown): CountAnswer => ({
          ok: false,
          message: error instanceof Error ? error.message : String(error),
        }));
      if (disposed) break;
      if (answer.ok) onCount({ history: answer.history, draft: answer.draft, question });
      else onError(answer.message);
    }
    running = false;
  };
  return {
    ask(question) {
      next = question;
      if (!running) void pump();
    },
    dispose() {
      disposed = true;
      counter.dispose();
    },
  };
}
