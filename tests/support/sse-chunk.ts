/** One `chat.completion.chunk` event of a stream, as its `data:` line, for servers the tests stand up. */
export const sseChunk = (delta: object, finish: string | null = null, model = 'hostile-chat') =>
  `data: ${JSON.stringify({
    id: 'chatcmpl-test',
    object: 'chat.completion.chunk',
    created: 1764000000,
    model,
    choices: [{ index: 0, delta, finish_reason: finish }],
  })}\n\n`;
