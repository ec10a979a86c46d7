import { ApiError } from './errors';

function configError(message: string): ApiError {
  return new ApiError({ kind: 'config', message, hint: 'Correct the base URL in the connection settings.' });
}

/**
 * Validates a base URL and puts it in one form: `http(s)://host[:port][/prefix]`, keeping a `/v1`
 * (or any path prefix) exactly as given, with repeated slashes collapsed and no trailing slash.
 * @throws ApiError of kind `config` for an empty, unparsable or non-http(s) URL, or one with
 *   credentials, a query or a fragment (fetch cannot send those reliably).
 */
export function normalizeBaseURL(input: string): string {
  const text = input.trim();
  if (text === '') throw configError('The base URL is empty; enter one such as http://127.0.0.1:8787/v1.');
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) {
    throw configError(
      `The base URL "${text}" has no http:// or https:// in front; add the one the server uses.`,
    );
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw configError(`The base URL "${text}" is not a valid URL.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw configError(`The base URL must start with http:// or https://, not ${url.protocol}//.`);
  }
  if (url.username || url.password) {
    throw configError(
      'The base URL must not contain a user name or password; put the API key in its own field.',
    );
  }
  if (url.search || url.hash) {
    throw configError(`The base URL "${text}" must not have a query (?…) or fragment (#…).`);
  }
  const path = url.pathname.replace(/\/{2,}/g, '/').replace(/\/+$/, '');
  return `${url.origin}${path}`;
}

/** Joins a normalised base URL and an endpoint path with exactly one slash between them. */
export function joinURL(baseURL: string, path: string): string {
  return `${baseURL.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
