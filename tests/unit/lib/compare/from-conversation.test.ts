import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../../../src/lib/chat';
import { comparisonFromConversation } from '../../../../src/lib/compare/from-conversation';

const conversation = (messages: Conversation['messages']): Conversation => ({
  id: 'c',
  title: 'T',
  createdAt: 1,
  updatedAt: 1,
  model: 'svc-chat',
  systemPrompt: 'S',
  parameters: { temperature: 0.5, max_tokens: 20 },
  messages,
});

let n = 0;
const newId = () => `id${++n}`;

describe('comparisonFromConversation', () => {
  it('makes the last user message the message, text turns before it examples, and drops the reply after it', () => {
    const start = comparisonFromConversation(
      conversation([
        { id: '1', role: 'user', content: 'Q1', createdAt: 1 },
        {
          id: '2',
          role: 'assistant',
          content: '',
          function_call: { name: 'f', arguments: '{}' },
          createdAt: 2,
        },
        { id: '3', role: 'function', name: 'f', content: '1', createdAt: 3 },
        { id: '4', role: 'assistant', content: 'A1', createdAt: 4 },
        { id: '5', role: 'user', content: 'Q2', createdAt: 5 },
        { id: '6', role: 'assistant', content: 'A2', createdAt: 6 },
      ]),
      newId,
    );
    expect(start).toMatchObject({
      systemPrompt: 'S',
      message: 'Q2',
      model: 'svc-chat',
      parameters: { temperature: 0.5, max_tokens: 20 },
      leftOut: 2,
    });
    expect(start.fewShot.map((m) => [m.role, m.content])).toEqual([
      ['user', 'Q1'],
      ['assistant', 'A1'],
    ]);
  });

  it('leaves the message empty when the conversation has no user message, and brings its functions', () => {
    const start = comparisonFromConversation(
      {
        ...conversation([]),
        functions: [{ name: 'lookup', parameters: { type: 'object', properties: {} } }],
      },
      newId,
    );
    expect(start).toMatchObject({ message: '', fewShot: [], leftOut: 0 });
    expect(start.functions.map((f) => f.name)).toEqual(['lookup']);
    expect(comparisonFromConversation(conversation([]), newId).functions).toEqual([]);
  });

  it('counts the images of the messages it takes, which a comparison does not send', () => {
    const image = { url: 'https://images.example/a.png' };
    const start = comparisonFromConversation(
      conversation([
        { id: '1', role: 'user', content: 'Q1', images: [image, image], createdAt: 1 },
        { id: '2', role: 'assistant', content: 'A1', createdAt: 2 },
        { id: '3', role: 'user', content: 'Q2', images: [image], createdAt: 3 },
      ]),
      newId,
    );
    expect(start).toMatchObject({ message: 'Q2', leftOut: 0, imagesLeftOut: 3 });
    // A message of images alone is no function turn: it is among the images left behind.
    const imagesOnly = comparisonFromConversation(
      conversation([
        { id: '1', role: 'user', content: '', images: [image], createdAt: 1 },
        { id: '2', role: 'assistant', content: 'A1', createdAt: 2 },
        { id: '3', role: 'user', content: 'Q2', createdAt: 3 },
      ]),
      newId,
    );
    expect(imagesOnly).toMatchObject({ leftOut: 0, imagesLeftOut: 1 });
    expect(comparisonFromConversation(conversation([]), newId).imagesLeftOut).toBe(0);
  });
});
