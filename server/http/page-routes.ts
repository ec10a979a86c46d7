/**
 * Which requests are navigations to a page of the playground (answered with index.html, the SPA
 * then routes) rather than API calls. /models is both a page and an API path: a browser navigation
 * (Accept: text/html, no Authorization) gets the page; everything else gets the API. So does
 * /chat/:id, a conversation's address, beside the API's /chat/completions.
 */
import { ENDPOINT_PATHS, LIMITED_ENDPOINTS } from '../../src/protocol/endpoints';

const PAGES = new Set(['/', '/chat', '/code', '/vision', '/audio', '/compare', '/experiments', '/settings']);

/** True for a GET/HEAD that should be answered with the SPA's index.html. */
export function isPageNavigation(method: string, path: string, headers: Headers): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  if (PAGES.has(trimmed)) return true;
  const browsing = (headers.get('accept') ?? '').includes('text/html') && !headers.has('authorization');
  if (trimmed === '/models' || trimmed.startsWith('/models/')) return browsing;
  if (/^\/chat\/[^/]+$/.test(trimmed) && trimmed !== '/chat/completions') return browsing;
  return false;
}

const API_PATHS: readonly string[] = LIMITED_ENDPOINTS.map((endpoint) => ENDPOINT_PATHS[endpoint]);

/**
 * True for requests the local service answers in development (everything else goes to Vite):
 * the API at `/` and `/v1`, model routes that are not page navigations, and the page bootstrap.
 */
export function isServiceRequest(method: string, path: string, headers: Headers): boolean {
  if (path === '/v1' || path.startsWith('/v1/') || path.startsWith('/__local/')) return true;
  if (API_PATHS.includes(path)) return true;
  if (path === '/models' || path.startsWith('/models/')) return !isPageNavigation(method, path, headers);
  return false;
}
