import { describe, expect, it } from 'vitest';
import { messageCopyText } from '../../../../src/lib/chat/message-copy-text';

const base = { id: 'm', createdAt: 1 } as const;

describe('messageCopyText', () => {
  it("is a reply's markdown source as written", () => {
    expect(messageCopyText({ ...base, role: 'assistant', content: '# Title\n\n- **bold**' })).toBe(
      '# Title\n\n- **bold**',
    );
  });

  it('is a function call as {"name", "arguments"} JSON', () => {
    const text = messageCopyText({
      ...base,
      role: 'assistant',
      content: '',
      function_call: { name: 'get_weather', arguments: '{"city":"Oslo"}' },
    });
    expect(text).toBe('{"name":"get_weather","arguments":"{\\"city\\":\\"Oslo\\"}"}');
    expect(JSON.parse(text)).toEqual({ name: 'get_weather', arguments: '{"city":"Oslo"}' });
  });

  it('puts the text first and then each tool call on its own line', () => {
    expect(
      messageCopyText({
        ...base,
        role: 'assistant',
        content: 'Both:',
        tool_calls: [
          { id: 'a', type: 'function', function: { name: 'f', arguments: '{}' } },
          { id: 'b', type: 'function', function: { name: 'g', arguments: '{"x":1}' } },
        ],
      }),
    ).toBe('Both:\n\n{"name":"f","arguments":"{}"}\n{"name":"g","arguments":"{\\"x\\":1}"}');
  });
});
