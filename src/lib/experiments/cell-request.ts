/**
 * One cell's chat request: the template filled from its row, sent to its variant. Built by the chat
 * page's own builder (lib/chat/build-request.ts) from the messages Compare sends (the system prompt,
 * the few-shot turns, then the message), so a cell is the request Compare or the chat page would
 * send, in the variant's dialect, parameters set only when set.
 */
import { buildChatRequest } from '../chat/build-request';
import { comparisonMessages } from '../compare/comparison';
import { canonicalJson } from '../function-schema/validator-cache';
import { hash64 } from './hash';
import { renderTemplate, type ExperimentTemplate, type TemplateError } from './template';
import type { ChatCompletionRequest } from '../../protocol/wire';
import type { DatasetRow } from './dataset-row';
import type { ExperimentVariant } from './experiment';

export type CellRequest =
  | {
      ok: true;
      body: ChatCompletionRequest;
      /**
       * The exact request and where it goes, hashed: equal keys, equal requests. A stored result for
       * another key is stale. A record/replay cache keys on it and the repeat (repeats send the same
       * request and may get different replies).
       */
      requestKey: string;
      /** The message as filled in, for a judge to read beside the reply. */
      message: string;
    }
  | { ok: false; errors: TemplateError[] };

/** The key of a request body sent to `baseURL` (see CellRequest.requestKey). */
export function requestKey(baseURL: string, body: ChatCompletionRequest): string {
  return hash64(canonicalJson({ baseURL: baseURL.replace(/\/+$/, ''), body }));
}

/** Builds a cell's request body; a row that cannot fill the template gets every error, named. */
export function buildCellRequest(
  template: ExperimentTemplate,
  row: Pick<DatasetRow, 'vars'>,
  variant: ExperimentVariant,
  stream: boolean,
): CellRequest {
  const filled = renderTemplate(template, row.vars);
  if (!filled.ok) return { ok: false, errors: filled.errors };
  const { system, fewShot, message } = filled.template;
  const body = buildChatRequest({
    model: variant.model,
    systemPrompt: system,
    messages: comparisonMessages(
      fewShot.map((turn, i) => ({ id: `shot-${i}`, ...turn })),
      message,
    ),
    parameters: variant.parameters,
    stream,
    ...(variant.functions ? { functions: variant.functions } : {}),
    dialect: variant.connection.dialect ?? 'legacy',
  });
  return { ok: true, body, requestKey: requestKey(variant.connection.baseURL, body), message };
}
