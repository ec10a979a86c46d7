/**
 * The stream reader is fetched with a page's first streamed reply. When that fetch fails (a deploy
 * replaced the chunk), the reply fails with an error that says so and what to do, not as a broken
 * connection.
 */
import { describe, expect, it, vi } from 'vitest';
import { createClient } from '../../../../src/lib/api/client';
import type { ApiError } from '../../../../src/lib/api/errors';
import { fakeFetch } from './fake-fetch';

vi.mock('../../../../src/lib/api/chat-chunks', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

describe('a stream whose reader cannot be fetched', () => {
  it('fails with the reason and a reload hint', async () => {
    const { fetch } = fakeFetch(
      () =>
        new Response('data: {"id":"a","choices":[]}\n\n', {
          headers: { 'content-type': 'text/event-stream' },
        }),
    );
    const stream = createClient({ baseURL: 'http://h', fetch }).streamChat({
      model: 'svc-chat',
      messages: [],
    });
    let error: ApiError | undefined;
    try {
      for await (const _chunk of stream) throw new Error('no chunk can be read without the reader');
    } catch (caught) {
      error = caught as ApiError;
    }
    expect(error).toMatchObject({
      kind: 'stream',
      message: 'The playground could not load the code that reads a streamed reply.',
      hint: 'Reload the page; if the playground was just updated, that is usually all it takes.',
    });
  });
});
