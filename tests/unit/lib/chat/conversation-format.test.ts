import { describe, expect, it } from 'vitest';
import {
  CONVERSATION_FORMAT,
  exportConversation,
  parseConversationExport,
} from '../../../../src/lib/chat/conversation-format';
import type { Conversation } from '../../../../src/lib/chat/conversation-types';

function sample(): Conversation {
  return {
    id: 'c1',
    title: 'Sample',
    createdAt: 1,
    updatedAt: 2,
    model: 'svc-reasoner',
    systemPrompt: 'Be brief.',
    parameters: { temperature: 0.2, stop: ['END'] },
    messages: [
      { id: 'm1', role: 'user', content: 'Hi', createdAt: 1 },
      {
        id: 'm2',
        role: 'assistant',
        content: 'Hello',
        createdAt: 2,
        status: 'complete',
        finish_reason: 'stop',
        reasoning: { text: 'think', tokens: 1, startedAt: 1, endedAt: 2 },
        usage: { prompt_tokens: 3, completion_tokens: 1, total_tokens: 4 },
        timings: { requestStartedAt: 1, firstTokenAt: 1.5, endedAt: 2 },
      },
    ],
  };
}

function issuesOf(text: string) {
  const result = parseConversationExport(text);
  if (result.ok) throw new Error('expected the import to fail');
  return result.issues;
}

describe('conversation export and import', () => {
  it('re-imports an export to the same conversation', () => {
    const text = exportConversation(sample(), new Date(0));
    expect(JSON.parse(text)).toMatchObject({ format: CONVERSATION_FORMAT, version: 1 });
    expect(parseConversationExport(text)).toEqual({ ok: true, conversation: sample() });
  });

  it('marks a reply exported mid-stream as interrupted', () => {
    const c = sample();
    c.messages[1]!.status = 'streaming';
    const result = parseConversationExport(exportConversation(c));
    expect(result.ok && result.conversation.messages[1]!.status).toBe('interrupted');
  });

  it('reports invalid JSON with the parser message', () => {
    expect(issuesOf('{"format":')[0]).toMatchObject({
      path: '$',
      reason: expect.stringMatching(/not valid JSON/),
    });
  });

  it('refuses a document without the format tag', () => {
    expect(issuesOf(JSON.stringify({ conversation: sample() }))).toEqual([
      { path: '$.format', reason: expect.stringMatching(/must be "svc-playground.conversation"/) },
    ]);
  });

  it('refuses a newer version and says to update', () => {
    const doc = { format: CONVERSATION_FORMAT, version: 99, conversation: sample() };
    expect(issuesOf(JSON.stringify(doc))).toEqual([
      { path: '$.version', reason: expect.stringMatching(/newer/) },
    ]);
  });

  it('names the path and reason of every problem in the conversation', () => {
    const c = sample() as unknown as Record<string, unknown>;
    const messages = c.messages as Record<string, unknown>[];
    messages[0]!.role = 'wizard';
    delete messages[1]!.content;
    c.parameters = { temperature: 'hot', bogus: 1 };
    delete c.title;
    const issues = issuesOf(JSON.stringify({ format: CONVERSATION_FORMAT, version: 1, conversation: c }));
    expect(issues).toEqual(
      expect.arrayContaining([
        { path: '$.conversation.title', reason: 'is missing' },
        {
          path: '$.conversation.messages[0].role',
          reason: expect.stringMatching(/one of "user", "assistant"/),
        },
        { path: '$.conversation.messages[1].content', reason: 'is missing' },
        { path: '$.conversation.parameters.bogus', reason: expect.stringMatching(/not a chat parameter/) },
        // Values are checked as the request's own parameter checks take them.
        { path: '$.conversation.parameters.temperature', reason: expect.stringMatching(/'temperature' must be a number from 0 to 2/) },
      ]),
    );
    expect(issues).toHaveLength(5);
  });

  it('refuses fields it does not know on a message', () => {
    const c = sample();
    (c.messages[0] as unknown as Record<string, unknown>).html = '<b>x</b>';
    expect(issuesOf(exportConversation(c))).toEqual([
      { path: '$.conversation.messages[0].html', reason: 'is not a known field' },
    ]);
  });
});
