/**
 * The visible thinking trace of svc-reasoner: what the engine noticed about the request and how it
 * will answer, in the order it does those things. It reasons about the request, not about the world.
 */
import type { ChatCompletionRequest } from '../../../src/protocol/wire';
import type { RequestAnalysis } from './request-analysis';
import type { PhrasePicker } from './sampling';

export type ReplyPlan = 'reply' | 'long' | 'json' | 'function_call' | 'function_result';

export function composeReasoning(
  request: ChatCompletionRequest,
  analysis: RequestAnalysis,
  plan: ReplyPlan,
  picker: PhrasePicker,
): string {
  const opener = picker.pick([
    'Let me look at the request first.',
    'First, what did the request contain?',
    'I start by reading the request.',
  ]);
  const lines = [
    opener,
    `The conversation has ${analysis.messageCount} message(s); the last one is from \`${analysis.lastRole ?? 'nobody'}\` and has ${analysis.wordCount} word(s).`,
  ];
  const question = analysis.lastText.trim().endsWith('?');
  lines.push(
    question ? 'It ends with a question mark, so it is a question.' : 'It is not phrased as a question.',
  );
  if ((request.functions?.length ?? 0) > 0) {
    lines.push(
      `${request.functions?.length} function(s) are offered: ${request.functions?.map((f) => f.name).join(', ')}.`,
    );
  }
  const plans: Record<ReplyPlan, string> = {
    reply:
      'I will answer with the standard report: the message, its numbers, the parameters and how to reach a real model.',
    long: 'A long reply was asked for, so after the report I will write the requested length of text.',
    json: 'JSON mode is on, so the answer must be exactly one JSON object about the request.',
    function_call: 'The message matches a function, so I will call it with arguments taken from the message.',
    function_result: 'The last message is a function result, so I will report what the function returned.',
  };
  lines.push(plans[plan]);
  lines.push(
    picker.pick([
      'I am the reference engine, not a language model, so this trace is a description of fixed rules.',
      'As the reference engine I follow fixed rules; this trace lists them as they apply.',
    ]),
  );
  return lines.join('\n');
}
