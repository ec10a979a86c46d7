import { describe, expect, it } from 'vitest';
import { contentChunk, craftedService, session, sse } from './session-harness';

const sseResponse = (body: string) =>
  new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });

describe('ChatSession when the server misbehaves', () => {
  it('keeps the partial reply when an error arrives mid-stream', async () => {
    const harness = craftedService(() =>
      sseResponse(
        sse([
          contentChunk('The first '),
          contentChunk('half'),
          {
            error: { message: 'The model crashed.', type: 'server_error', code: 'server_error', param: null },
          },
        ]),
      ),
    );
    const chat = session(harness);
    await chat.send('Hi');
    const snapshot = chat.getSnapshot();
    expect(snapshot.status).toBe('error');
    expect(snapshot.messages[1]).toMatchObject({ status: 'error', content: 'The first half' });
    expect(snapshot.error).toMatchObject({ code: 'server_error' });
    expect(snapshot.error!.message).toMatch(/crashed/);
  });

  it('keeps the partial reply when the connection drops mid-stream', async () => {
    const encoder = new TextEncoder();
    let sent = false;
    const harness = craftedService(
      () =>
        new Response(
          new ReadableStream({
            // Erroring in a later pull: an error in the same call would discard the queued bytes.
            pull(controller) {
              if (sent) return controller.error(new TypeError('network connection lost'));
              sent = true;
              controller.enqueue(encoder.encode(sse([contentChunk('cut ')])));
            },
          }),
          { headers: { 'content-type': 'text/event-stream' } },
        ),
    );
    const chat = session(harness);
    await chat.send('Hi');
    expect(chat.getSnapshot().messages[1]).toMatchObject({
      status: 'error',
      content: 'cut ',
      error: { kind: 'stream' },
    });
  });

  it('reports an HTML 502 from a gateway with its status and a readable message', async () => {
    const harness = craftedService(
      () =>
        new Response('<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>', {
          status: 502,
          headers: { 'content-type': 'text/html' },
        }),
    );
    const chat = session(harness);
    await chat.send('Hi');
    const error = chat.getSnapshot().error!;
    expect(error).toMatchObject({ kind: 'http', status: 502, code: null });
    expect(error.message).toMatch(/HTML/);
    expect(error.message).not.toContain('[object');
  });

  it('reports a network failure as a connection error', async () => {
    const harness = craftedService(() => {
      throw new TypeError('fetch failed');
    });
    const chat = session(harness);
    await chat.send('Hi');
    expect(chat.getSnapshot()).toMatchObject({ status: 'error', error: { kind: 'connection' } });
  });

  it('assembles a streamed function call', async () => {
    const call = (fc: object, finish: string | null = null) => ({
      ...contentChunk(''),
      choices: [{ index: 0, delta: { function_call: fc }, finish_reason: finish }],
    });
    const harness = craftedService(() =>
      sseResponse(
        sse([
          call({ name: 'get_weather', arguments: '' }),
          call({ arguments: '{"city":' }),
          call({ arguments: '"Oslo"}' }),
          call({}, 'function_call'),
          '[DONE]',
        ]),
      ),
    );
    const chat = session(harness);
    await chat.send('Weather in Oslo?');
    expect(chat.getSnapshot().messages[1]).toMatchObject({
      status: 'complete',
      content: '',
      finish_reason: 'function_call',
      function_call: { name: 'get_weather', arguments: '{"city":"Oslo"}' },
    });
  });
});
