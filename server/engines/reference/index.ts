/**
 * The reference engines: deterministic, transparent stand-ins that make the local service work with
 * no model and no network. See chat-engine.ts and code-engine.ts for what they do.
 */
import type { ChatEngine, CodeEngine } from '../engine';
import { createReferenceChatEngine, type ReferenceEngineOptions } from './chat-engine';
import { createReferenceCodeEngine } from './code-engine';

export type { ReferenceEngineOptions } from './chat-engine';

/**
 * Creates the reference chat engine (svc-chat, svc-reasoner) and code engine (svc-coder).
 * `options.tokensPerSecond` paces text for demos; by default tokens are sent as fast as read.
 */
export function createReferenceEngines(options: ReferenceEngineOptions = {}): {
  chat: ChatEngine;
  code: CodeEngine;
} {
  return { chat: createReferenceChatEngine(options), code: createReferenceCodeEngine(options) };
}
