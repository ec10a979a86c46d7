import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ChatEngine, EngineEvent } from '../../../server/engines/engine';
import { HOSTILE_PAYLOADS } from '../markdown/xss-payloads';
import { blocksParsed } from '../markdown/blocks-parsed';
import { chatService, finishedReply, openChat, send } from './chat-harness';

/** Streams every hostile payload, a few characters per chunk, as one reply. */
const hostileEngine: ChatEngine = {
  describe: () => 'A test engine that writes hostile markdown.',
  async *generate(): AsyncIterable<EngineEvent> {
    const text = HOSTILE_PAYLOADS.join('\n\n');
    for (let i = 0; i < text.length; i += 7) yield { type: 'text', text: text.slice(i, i + 7) };
    yield {
      type: 'finish',
      finish_reason: 'stop',
      usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
    };
  },
};

const ACTIVE =
  'script, iframe, object, embed, svg, math, style, form, img, base, link, meta, frame, frameset';

describe('chat page: safety and storage', () => {
  it(`renders ${HOSTILE_PAYLOADS.length} hostile payloads streamed as a reply inert in the transcript`, async () => {
    expect(HOSTILE_PAYLOADS.length).toBeGreaterThanOrEqual(30);
    const service = chatService({ engines: { 'svc-chat': hostileEngine } });
    const { user } = await openChat(service);
    await send(user, 'Be hostile');
    const reply = await finishedReply();
    // Checked once parsed: a block waiting for its slice of main-thread time is plain text.
    await blocksParsed(reply);
    const body = reply.querySelector('.md-body');
    expect(body).not.toBeNull();
    expect(body!.textContent).toContain('raw html link'); // the payloads are there, as text
    const findings: string[] = [];
    for (const el of body!.querySelectorAll(ACTIVE)) findings.push(`<${el.tagName.toLowerCase()}>`);
    for (const el of body!.querySelectorAll('*')) {
      for (const attr of el.attributes) {
        if (/^on/i.test(attr.name) || attr.name === 'srcdoc')
          findings.push(`${attr.name} on <${el.tagName}>`);
        if (['href', 'src', 'action', 'formaction', 'data'].includes(attr.name)) {
          // eslint-disable-next-line no-control-regex -- browsers ignore these characters in URLs
          const compact = attr.value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase();
          const scheme = /^([^/?#]*?):/.exec(compact)?.[1];
          if (attr.name !== 'href' || (scheme !== undefined && !['http', 'https', 'mailto'].includes(scheme)))
            findings.push(`${attr.name}="${attr.value}"`);
        }
      }
    }
    expect(findings).toEqual([]);
  });

  it('reports a full browser storage instead of swallowing it', async () => {
    const service = chatService();
    const { user } = await openChat(service);
    const put = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    try {
      await send(user, 'Save me');
      await finishedReply();
      const alert = await screen.findByText('Browser storage is full', {}, { timeout: 60_000 });
      await waitFor(() =>
        expect(alert.parentElement).toHaveTextContent(/Delete or export old conversations/),
      );
    } finally {
      put.mockRestore();
    }
  });
});
