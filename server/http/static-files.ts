/**
 * Serving the built playground (dist/) with @hono/node-server's `serveStatic`: content types, a
 * `.br`/`.gz` sibling sent instead when the browser accepts it (with `Vary: Accept-Encoding`), hashed
 * assets cached for a year, everything else revalidated so a rebuild shows at once, and the page's
 * headers (page-headers.ts: its Content-Security-Policy, no framing by other sites) on every file. It
 * refuses `..` segments, backslashes and any percent-encoded path, so nothing outside the root is ever
 * read.
 */
import { serveStatic } from '@hono/node-server/serve-static';
import type { MiddlewareHandler } from 'hono';
import path from 'node:path';
import type { AppEnv } from './app-env';
import { PAGE_HEADERS } from './page-headers';

export interface PageServer {
  /** index.html, for every page route of the SPA; passes on when the build has none. */
  index: MiddlewareHandler<AppEnv>;
  /** A file under the root for GET and HEAD; passes on when there is none. */
  files: MiddlewareHandler<AppEnv>;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Puts the cache headers and the page's headers on the Response serveStatic returns when it found a
 * file (when not, it returns what `next` did). Not in its `onFound`: that runs after the Response is
 * built, and `c.header` there reaches it only when some earlier middleware happened to create `c.res`.
 */
function withPageHeaders(
  serve: MiddlewareHandler<AppEnv>,
  cacheControl: (urlPath: string) => string,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const found = await serve(c, next);
    if (found instanceof Response) {
      found.headers.set('cache-control', cacheControl(c.req.path));
      for (const [name, value] of Object.entries(PAGE_HEADERS)) found.headers.set(name, value);
    }
    return found;
  };
}

/** A PageServer for the directory `root` (dist/). */
export function createPageServer(root: string): PageServer {
  // Absolute roots work (honojs/node-server#257; the option's doc comment lags, #355), and one does not
  // depend on the working directory.
  const base = path.resolve(root);
  const files = withPageHeaders(serveStatic<AppEnv>({ root: base, precompressed: true }), (urlPath) =>
    urlPath.startsWith('/assets/') ? IMMUTABLE : 'no-cache',
  );
  return {
    index: withPageHeaders(
      serveStatic<AppEnv>({ root: base, path: 'index.html', precompressed: true }),
      () => 'no-cache',
    ),
    // serveStatic answers any method; the API's POST paths must never reach a file.
    files: (c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' ? files(c, next) : next()),
  };
}
