/** The worker that counts tokens off the page's thread (see token-counter.ts). */
import { countConversationTokens, countDraftTokens } from './o200k-count';
import type { CountAnswer, CountQuestion } from './token-counter';

self.onmessage = (event: MessageEvent<CountQuestion>) => {
  const { history, draft } = event.data;
  let answer: CountAnswer;
  try {
    answer = { ok: true, history: countConversationTokens(history), draft: countDraftTokens(draft) };
  } catch (error) {
    answer = { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  self.postMessage(answer);
};
