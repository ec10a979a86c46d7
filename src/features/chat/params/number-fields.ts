import { PARAMETER_RANGES } from '../../../protocol/parameters';
import type { ChatDefaults } from '../../../stores';
import type { NumberRule } from '../../../components/params';

/** One numeric parameter as data: its wire name, rule, arrow-key step and what empty means. */
export interface NumberFieldSpec<K extends string = string> extends NumberRule {
  name: K;
  step?: number;
  /** The server's default as the spec states it, shown while unset (e.g. "1"). */
  serverDefault?: string;
  hint?: string;
}

export type NumberName =
  'temperature' | 'max_tokens' | 'top_p' | 'frequency_penalty' | 'presence_penalty' | 'seed';

function settingsHint(value: number | undefined, what: string): { hint?: string } {
  return value === undefined ? {} : { hint: `Empty: your Settings default ${value} is sent (${what}).` };
}

/** The sampling parameters as data: ranges from the protocol core, Settings defaults as hints. */
export function numberFields(defaults: ChatDefaults): NumberFieldSpec<NumberName>[] {
  const R = PARAMETER_RANGES;
  return [
    {
      name: 'temperature',
      ...R.temperature,
      step: 0.1,
      serverDefault: '1',
      ...settingsHint(defaults.temperature, '0 to 2'),
    },
    {
      name: 'max_tokens',
      min: 1,
      max: 1_000_000,
      integer: true,
      ...settingsHint(defaults.max_tokens, 'whole, 1 or more'),
    },
    { name: 'top_p', ...R.top_p, step: 0.05, serverDefault: '1' },
    { name: 'frequency_penalty', ...R.frequency_penalty, step: 0.1, serverDefault: '0' },
    { name: 'presence_penalty', ...R.presence_penalty, step: 0.1, serverDefault: '0' },
    {
      name: 'seed',
      ...R.seed,
      integer: true,
      serverDefault: 'random',
      hint: 'Whole; the same seed and request repeat a reply (if the server supports it); empty = not sent',
    },
  ];
}

/** `top_logprobs`, offered while `logprobs` is true. */
export const TOP_LOGPROBS_FIELD: NumberFieldSpec<'top_logprobs'> = {
  name: 'top_logprobs',
  ...PARAMETER_RANGES.top_logprobs,
  integer: true,
  serverDefault: '0',
};
