/** The table in which the reference engine reports what it did with each request parameter. */
import type { ChatCompletionRequest } from '../../../src/protocol/wire';
import { decodeTokens } from '../../tokens';
import { DEFAULT_TEMPERATURE } from './sampling';
import { SUPPRESS_BIAS, stopList } from './token-emitter';

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

function describeBias(bias: Readonly<Record<string, number>>): string {
  const entries = Object.entries(bias);
  if (entries.length === 0) return 'none';
  return entries
    .slice(0, 8)
    .map(([id, value]) => {
      const text = Number.isInteger(Number(id)) ? JSON.stringify(decodeTokens([Number(id)])) : '?';
      const effect =
        value <= SUPPRESS_BIAS ? 'removed from the reply' : value > 0 ? 'logprob raised' : 'no effect';
      return `${id} ${cell(text)} → ${value} (${effect})`;
    })
    .join('; ');
}

/** A GFM table: parameter, value received, what the reference engine does with it. */
export function parameterTable(request: ChatCompletionRequest): string {
  const stops = stopList(request.stop);
  const rows: [string, string, string][] = [
    [
      'temperature',
      request.temperature === undefined
        ? `unset (engine default ${DEFAULT_TEMPERATURE})`
        : String(request.temperature),
      '0 = identical output every time; above 0 the wording varies (with `seed`: reproducibly)',
    ],
    [
      'seed',
      request.seed === undefined ? 'unset' : String(request.seed),
      'same seed + same request = same reply',
    ],
    [
      'top_p',
      String(request.top_p ?? 1),
      'only the first top_p share of alternative phrasings and words can be chosen',
    ],
    [
      'frequency_penalty / presence_penalty',
      `${request.frequency_penalty ?? 0} / ${request.presence_penalty ?? 0}`,
      'sum > 0 avoids repeating phrasings and sentences; < 0 repeats them',
    ],
    [
      'max_tokens',
      request.max_tokens === undefined ? 'unset' : String(request.max_tokens),
      'cuts the reply at exactly that many tokens',
    ],
    [
      'stop',
      stops.length === 0 ? 'none' : cell(stops.map((s) => JSON.stringify(s)).join(', ')),
      'ends the reply before the first stop string',
    ],
    [
      'logprobs / top_logprobs',
      `${request.logprobs ? 'true' : 'false'} / ${request.top_logprobs ?? 0}`,
      'synthetic, deterministic numbers derived from each token (not measured)',
    ],
    [
      'logit_bias',
      describeBias(request.logit_bias ?? {}),
      `≤ ${SUPPRESS_BIAS} removes that token; > 0 raises its logprob`,
    ],
  ];
  const lines = ['| Parameter | Value | What this engine does |', '|---|---|---|'];
  for (const [name, value, effect] of rows) lines.push(`| \`${name}\` | ${value} | ${effect} |`);
  return lines.join('\n');
}
