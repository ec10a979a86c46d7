import { describe, expect, it, vi } from 'vitest';
import {
  baseURLHost,
  formatCountdown,
  keyFingerprint,
  loadLocalBootstrap,
  maskKey,
  newConnectionId,
  secondsUntil,
} from '../../../src/lib/connection';

describe('connection helpers', () => {
  it('fingerprints keys so that different keys differ and the key itself does not appear', () => {
    expect(keyFingerprint('')).toBe('none');
    expect(keyFingerprint('sk-one')).toMatch(/^[0-9a-f]{8}$/);
    expect(keyFingerprint('sk-one')).toBe(keyFingerprint('sk-one'));
    expect(keyFingerprint('sk-one')).not.toBe(keyFingerprint('sk-two'));
  });

  it('masks a key to its last four characters, and a short key entirely', () => {
    expect(maskKey('sk-abcdefgh1234')).toBe('••••1234');
    expect(maskKey('short')).toBe('••••');
    expect(maskKey('')).toBe('no key');
  });

  it('makes distinct ids', () => {
    expect(newConnectionId()).not.toBe(newConnectionId());
  });

  it('labels a base URL by its host, and an unparsable one as typed', () => {
    expect(baseURLHost('http://127.0.0.1:8787/v1')).toBe('127.0.0.1:8787');
    expect(baseURLHost('not a url')).toBe('not a url');
  });

  it('counts down in whole seconds, never below zero, and formats minutes', () => {
    expect(secondsUntil(10_500, 10_000)).toBe(1);
    expect(secondsUntil(9_000, 10_000)).toBe(0);
    expect(formatCountdown(9)).toBe('9s');
    expect(formatCountdown(75)).toBe('1m 15s');
  });
});

describe('loadLocalBootstrap', () => {
  const origin = 'http://127.0.0.1:8787';

  it('returns the base URL (made absolute) and key when the local service answers', async () => {
    const fetchImpl = vi.fn(async () =>
      Response.json({ baseURL: '/v1/', apiKey: 'k', service: 'svc-playground-local', upstream: true }),
    );
    await expect(loadLocalBootstrap(fetchImpl as unknown as typeof fetch, origin)).resolves.toEqual({
      baseURL: 'http://127.0.0.1:8787/v1',
      apiKey: 'k',
      upstream: true,
    });
    expect(fetchImpl).toHaveBeenCalledWith('http://127.0.0.1:8787/__local/bootstrap', expect.anything());
  });

  it.each([
    ['a 404', () => new Response('not found', { status: 404 })],
    [
      'an HTML page',
      () => new Response('<html></html>', { status: 200, headers: { 'content-type': 'text/html' } }),
    ],
    ['another service', () => Response.json({ baseURL: '/v1', apiKey: 'k', service: 'something-else' })],
    ['a missing key', () => Response.json({ baseURL: '/v1', service: 'svc-playground-local' })],
  ])('returns null for %s', async (_name, answer) => {
    const fetchImpl = (async () => answer()) as unknown as typeof fetch;
    await expect(loadLocalBootstrap(fetchImpl, origin)).resolves.toBeNull();
  });

  it('returns null when the request fails, and rejects only when it was aborted', async () => {
    const failing = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    await expect(loadLocalBootstrap(failing, origin)).resolves.toBeNull();
    const controller = new AbortController();
    controller.abort();
    const aborting = (async () => {
      throw new DOMException('aborted', 'AbortError');
    }) as unknown as typeof fetch;
    await expect(loadLocalBootstrap(aborting, origin, controller.signal)).rejects.toThrow('aborted');
  });
});
