import { describe, expect, it } from 'vitest';
import { joinURL, normalizeBaseURL } from '../../../../src/lib/api/base-url';
import { ApiError } from '../../../../src/lib/api/errors';

describe('normalizeBaseURL', () => {
  it.each([
    ['http://127.0.0.1:8787', 'http://127.0.0.1:8787'],
    ['http://127.0.0.1:8787/', 'http://127.0.0.1:8787'],
    ['http://127.0.0.1:8787/v1', 'http://127.0.0.1:8787/v1'],
    ['http://127.0.0.1:8787/v1/', 'http://127.0.0.1:8787/v1'],
    ['http://127.0.0.1:8787/v1///', 'http://127.0.0.1:8787/v1'],
    ['  https://api.example.com/v1  ', 'https://api.example.com/v1'],
    ['https://API.Example.com:443/v1', 'https://api.example.com/v1'],
    ['http://host/proxy/v1', 'http://host/proxy/v1'],
    ['http://host//proxy//v1/', 'http://host/proxy/v1'],
    ['http://[::1]:8080/v1', 'http://[::1]:8080/v1'],
  ])('turns %j into %j', (input, expected) => {
    expect(normalizeBaseURL(input)).toBe(expected);
  });

  it.each([
    ['', /empty/],
    ['localhost:8787', /no http:\/\/ or https:\/\//],
    ['127.0.0.1:8787/v1', /no http:\/\/ or https:\/\//],
    ['ftp://host/v1', /must start with http:\/\/ or https:\/\//],
    ['http://', /not a valid URL/],
    ['http://user:secret@host/v1', /user name or password/],
    ['http://host/v1?key=1', /query/],
    ['http://host/v1#top', /fragment/],
  ])('rejects %j with a config error that says why', (input, message) => {
    let caught: unknown;
    try {
      normalizeBaseURL(input);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ApiError);
    expect((caught as ApiError).kind).toBe('config');
    expect((caught as ApiError).message).toMatch(message);
  });
});

describe('joinURL', () => {
  it.each([
    ['http://h/v1', 'models', 'http://h/v1/models'],
    ['http://h/v1/', '/models', 'http://h/v1/models'],
    ['http://h', 'chat/completions', 'http://h/chat/completions'],
    ['http://h//', '//chat/completions', 'http://h/chat/completions'],
    ['http://h/proxy/v1', 'models/svc-chat', 'http://h/proxy/v1/models/svc-chat'],
  ])('joins %j and %j as %j', (base, path, expected) => {
    expect(joinURL(base, path)).toBe(expected);
  });
});
