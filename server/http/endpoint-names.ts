import type { LimitedEndpoint } from '../config';

/** What each limited endpoint is called in messages ("Rate limit reached for chat completions"). */
export const ENDPOINT_NAMES: Readonly<Record<LimitedEndpoint, string>> = {
  chat: 'chat completions',
  code: 'code completions',
  vision: 'image analysis',
  audio: 'audio transcriptions',
};
