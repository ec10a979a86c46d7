import { describe, expect, it } from 'vitest';
import {
  CODE_FORMS,
  parseCurl,
  parsePastedRequest,
  splitURL,
  toChatDraft,
  toCurl,
  toPython,
  toTypeScript,
  type CodeRequest,
} from '../../../../src/lib/export-code';

const KEY = 'sk-secret-1234';
const chat = (body: object, url = 'http://127.0.0.1:9/v1/chat/completions'): CodeRequest => ({
  method: 'POST',
  url,
  body: { kind: 'text', text: JSON.stringify(body) },
});

const requests: CodeRequest[] = [
  chat({
    model: 'svc-chat',
    messages: [{ role: 'user', content: "It's a test" }],
    temperature: 0,
    logprobs: false,
  }),
  chat({
    model: 'svc-chat',
    messages: [{ role: 'user', content: 'hi' }],
    stream: true,
    seed: 3,
    custom_field: null,
  }),
  { method: 'GET', url: 'http://127.0.0.1:9/models', body: { kind: 'none' } },
  { method: 'GET', url: 'http://127.0.0.1:9/models/svc-chat', body: { kind: 'none' } },
  chat({ model: 'svc-coder', prompt: 'def f():' }, 'http://127.0.0.1:9/code/completions'),
  {
    method: 'POST',
    url: 'http://127.0.0.1:9/audio/transcriptions',
    body: {
      kind: 'form',
      fields: [
        { name: 'file', file: { name: 'a.wav', type: 'audio/wav', size: 4 } },
        { name: 'model', value: 'svc-audio' },
      ],
    },
  },
];

describe('export forms', () => {
  it('never contain the key and always read it from SVC_API_KEY, in every form for every endpoint', () => {
    for (const request of requests)
      for (const form of CODE_FORMS) {
        const code = form.render(request);
        expect(code, form.id).not.toContain(KEY);
        expect(code, form.id).toContain('SVC_API_KEY');
      }
  });

  it('splits the base URL from the endpoint, with or without /v1', () => {
    expect(splitURL('http://h:1/v1/chat/completions')).toMatchObject({
      baseURL: 'http://h:1/v1',
      kind: 'chat',
    });
    expect(splitURL('http://h:1/models/svc%2Dx')).toMatchObject({
      baseURL: 'http://h:1',
      kind: 'model',
      modelId: 'svc-x',
    });
  });

  it('writes Python literals and sends fields the SDK lacks through extra_body', () => {
    const code = toPython(requests[1]!);
    expect(code).toContain('base_url="http://127.0.0.1:9/v1"');
    expect(code).toContain('stream=True');
    expect(code).toContain('extra_body={\n        "custom_field": None,');
    expect(toPython(requests[0]!)).toContain('logprobs=False');
  });

  it('gives TypeScript the baseURL and streams with for await', () => {
    const code = toTypeScript(requests[1]!);
    expect(code).toContain('baseURL: "http://127.0.0.1:9/v1"');
    expect(code).toContain('for await (const chunk of stream)');
  });
});

describe('loading a pasted request', () => {
  it('round-trips our own curl: method, URL and body come back', () => {
    const request = requests[0]!;
    const parsed = parseCurl(toCurl(request));
    expect(parsed.method).toBe('POST');
    expect(parsed.url).toBe(request.url);
    expect(parsed.body).toEqual(JSON.parse((request.body as { text: string }).text));
    expect(parsed.headers.authorization).toBe('Bearer $SVC_API_KEY');
  });

  it('reads a typical copied curl with double quotes and --data-raw', () => {
    const parsed = parsePastedRequest(
      `curl "http://x/v1/chat/completions" -H "Content-Type: application/json" --data-raw "{\\"model\\": \\"svc-chat\\", \\"messages\\": []}"`,
    );
    expect(parsed).toMatchObject({
      method: 'POST',
      url: 'http://x/v1/chat/completions',
      body: { model: 'svc-chat', messages: [] },
    });
  });

  it('refuses multipart and unknown options with the reason', () => {
    expect(() => parseCurl("curl -F 'file=@a.wav' http://x/audio/transcriptions")).toThrow(/Multipart/);
    expect(() => parseCurl('curl --proxy p http://x')).toThrow(/--proxy is not understood/);
    expect(() => parsePastedRequest('{"a": ')).toThrow(/neither a curl command nor valid JSON/);
  });

  it('turns a request body into a chat draft with the system prompt taken out', () => {
    const draft = toChatDraft(
      parsePastedRequest(
        JSON.stringify({
          model: 'svc-chat',
          messages: [
            { role: 'system', content: 'Be terse' },
            { role: 'user', content: 'Hi' },
          ],
          temperature: 0.2,
          stream: true,
        }),
      ),
    );
    expect(draft).toEqual({
      model: 'svc-chat',
      systemPrompt: 'Be terse',
      messages: [{ role: 'user', content: 'Hi' }],
      parameters: { temperature: 0.2 },
      functions: [],
      stream: true,
    });
    expect(() => toChatDraft(parsePastedRequest('{"prompt": "x"}'))).toThrow(/no "model"/);
  });
});
