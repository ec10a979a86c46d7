import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../server/config';
import { readConfigFile } from '../../server/config-file';

describe('resolveConfig', () => {
  it('gives the documented defaults for an empty environment', () => {
    const config = resolveConfig({});
    expect(config).toMatchObject({
      port: 8787,
      host: '127.0.0.1',
      apiKeys: [],
      rateLimits: { chat: 60, code: 100, vision: 30, audio: 20 },
      rateLimitWindowMs: 60_000,
      streamFormat: 'sse',
      upstream: null,
      bodyLimits: { chat: 1048576, code: 1048576, vision: 26214400, audio: 26214400 },
      contextLength: 131072,
      dataDir: null,
      referenceTokensPerSecond: null,
    });
  });

  it('reads every variable', () => {
    const config = resolveConfig({
      PORT: '0',
      HOST: '0.0.0.0',
      SVC_API_KEYS: ' a-key , b-key,,a-key ',
      SVC_RATE_LIMITS: 'chat=5,audio=2',
      SVC_STREAM_FORMAT: 'JSONL',
      SVC_UPSTREAM_URL: 'http://127.0.0.1:9000/v1/',
      SVC_UPSTREAM_API_KEY: 'up',
      SVC_UPSTREAM_MODELS: 'svc-chat=llama3, svc-coder=qwen',
      SVC_BODY_LIMITS: 'vision=2MiB,chat=4096',
      SVC_DEFAULT_MAX_TOKENS: '1024',
      SVC_DATA_DIR: '/tmp/x',
      SVC_REFERENCE_TOKENS_PER_SECOND: '40',
    });
    expect(config).toMatchObject({
      port: 0,
      host: '0.0.0.0',
      apiKeys: ['a-key', 'b-key'],
      rateLimits: { chat: 5, code: 100, vision: 30, audio: 2 },
      streamFormat: 'jsonl',
      upstream: {
        url: 'http://127.0.0.1:9000/v1',
        apiKey: 'up',
        models: { 'svc-chat': 'llama3', 'svc-coder': 'qwen' },
      },
      bodyLimits: { chat: 4096, code: 1048576, vision: 2097152, audio: 26214400 },
      defaultMaxTokens: 1024,
      dataDir: '/tmp/x',
      referenceTokensPerSecond: 40,
    });
  });

  it('accepts the upstream model map as a JSON object', () => {
    const config = resolveConfig({
      SVC_UPSTREAM_URL: 'https://x.test',
      SVC_UPSTREAM_MODELS: '{"svc-chat":"gpt-x"}',
    });
    expect(config.upstream).toEqual({
      url: 'https://x.test',
      dialect: 'tools',
      models: { 'svc-chat': 'gpt-x' },
      idleTimeoutMs: 60_000,
      timeoutMs: 600_000,
      maxEventBytes: 8 * 1024 * 1024,
    });
  });

  it('reads the hardening limits, and names the variable of a bad one', () => {
    const config = resolveConfig({
      SVC_UPSTREAM_URL: 'http://127.0.0.1:9/v1',
      SVC_UPSTREAM_IDLE_TIMEOUT_MS: '500',
      SVC_UPSTREAM_TIMEOUT_MS: '5000',
      SVC_UPSTREAM_MAX_EVENT_BYTES: '4096',
      SVC_HEADERS_TIMEOUT_MS: '2000',
      SVC_REQUEST_TIMEOUT_MS: '3000',
      SVC_AUDIO_MAX_SECONDS: '60',
      SVC_VISION_MAX_CONCURRENT: '2',
      SVC_VISION_MAX_QUEUED: '0',
      SVC_VISION_MAX_PIXELS: '1000000',
    });
    expect(config.upstream).toMatchObject({ idleTimeoutMs: 500, timeoutMs: 5000, maxEventBytes: 4096 });
    expect(config).toMatchObject({ headersTimeoutMs: 2000, requestTimeoutMs: 3000 });
    expect(config.localEngines).toMatchObject({
      audioMaxSeconds: 60,
      visionMaxConcurrent: 2,
      visionMaxQueued: 0,
      visionMaxPixels: 1_000_000,
    });
    expect(() => resolveConfig({ SVC_AUDIO_MAX_SECONDS: '0' })).toThrow(
      /SVC_AUDIO_MAX_SECONDS=.*from 1 to 86400/,
    );
    expect(() => resolveConfig({ SVC_HEADERS_TIMEOUT_MS: 'soon' })).toThrow(/SVC_HEADERS_TIMEOUT_MS=/);
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT="eighty".*integer port from 0 to 65535/],
    [{ PORT: '70000' }, /PORT=.*0 to 65535/],
    [{ HOST: 'a b' }, /HOST=/],
    [{ SVC_API_KEYS: ' , ' }, /SVC_API_KEYS=.*comma-separated/],
    [{ SVC_API_KEYS: 'good,bad key' }, /SVC_API_KEYS=/],
    // Outside RFC 6750's token characters, a key could never pass a Bearer header.
    [{ SVC_API_KEYS: 'p@ss:word' }, /SVC_API_KEYS=.*letters, digits and - \. _ ~ \+ \//],
    [{ SVC_API_KEYS: 'a=b' }, /SVC_API_KEYS=/],
    [{ SVC_RATE_LIMITS: 'chat=fast' }, /SVC_RATE_LIMITS=.*endpoint=requests-per-minute/],
    [{ SVC_RATE_LIMITS: 'images=5' }, /SVC_RATE_LIMITS=.*chat, code, vision or audio/],
    [{ SVC_RATE_LIMITS: 'chat=0' }, /SVC_RATE_LIMITS=/],
    [{ SVC_STREAM_FORMAT: 'websocket' }, /SVC_STREAM_FORMAT=.*sse.*jsonl/],
    [{ SVC_UPSTREAM_URL: 'not a url' }, /SVC_UPSTREAM_URL=.*http\(s\) URL/],
    [{ SVC_UPSTREAM_URL: 'ftp://x' }, /SVC_UPSTREAM_URL=/],
    [
      { SVC_UPSTREAM_URL: 'http://x', SVC_UPSTREAM_MODELS: 'svc-chat' },
      /SVC_UPSTREAM_MODELS=.*svc-id=upstream-id/,
    ],
    [{ SVC_UPSTREAM_URL: 'http://x', SVC_UPSTREAM_MODELS: '{"svc-chat": 3}' }, /SVC_UPSTREAM_MODELS=/],
    [{ SVC_UPSTREAM_MODELS: 'svc-chat=x' }, /SVC_UPSTREAM_MODELS is set but SVC_UPSTREAM_URL is not/],
    [{ SVC_UPSTREAM_API_KEY: 'k' }, /SVC_UPSTREAM_API_KEY is set but SVC_UPSTREAM_URL is not/],
    [{ SVC_BODY_LIMITS: 'chat=1GiB' }, /SVC_BODY_LIMITS=.*KiB\/MiB/],
    [{ SVC_DEFAULT_MAX_TOKENS: '0' }, /SVC_DEFAULT_MAX_TOKENS=/],
  ])('refuses %j with a message naming the variable and the accepted form', (env, message) => {
    expect(() => resolveConfig(env)).toThrow(message);
  });
});

describe('readConfigFile', () => {
  const write = (content: string): string => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'svc-config-')), 'config.json');
    writeFileSync(file, content);
    return file;
  };

  it('turns a JSON file into environment strings that resolveConfig reads', () => {
    const env = readConfigFile(
      write(
        JSON.stringify({
          PORT: 9999,
          SVC_API_KEYS: ['one', 'two'],
          SVC_RATE_LIMITS: { chat: 7 },
          SVC_UPSTREAM_URL: 'http://127.0.0.1:1/v1',
          SVC_UPSTREAM_MODELS: { 'svc-chat': 'm' },
        }),
      ),
    );
    const config = resolveConfig(env);
    expect(config.port).toBe(9999);
    expect(config.apiKeys).toEqual(['one', 'two']);
    expect(config.rateLimits.chat).toBe(7);
    expect(config.upstream?.models).toEqual({ 'svc-chat': 'm' });
  });

  it('says which file is broken', () => {
    const file = write('{ nope');
    expect(() => readConfigFile(file)).toThrow(
      new RegExp(`SVC_CONFIG_FILE=${file} could not be read as JSON`),
    );
    expect(() => readConfigFile(write('[1]'))).toThrow(/must hold a JSON object/);
  });
});
