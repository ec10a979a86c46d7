/**
 * Serving the built playground (dist/): files with their content types, hashed assets cached for a
 * year, index.html never cached so a rebuild shows at once.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

export interface PageServer {
  /** index.html, for every page route of the SPA. */
  index(): Promise<Response>;
  /** A file under the root, or null when there is none (never a path outside the root). */
  file(urlPath: string): Promise<Response | null>;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.wav': 'audio/wav',
  '.mp3': 'audio/mpeg',
  '.webmanifest': 'application/manifest+json',
};

function respond(bytes: Uint8Array, file: string, cacheControl: string): Response {
  return new Response(new Uint8Array(bytes), {
    headers: {
      'content-type': TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
      'cache-control': cacheControl,
      'x-content-type-options': 'nosniff',
    },
  });
}

/** A PageServer for the directory `root` (dist/). */
export function createPageServer(root: string): PageServer {
  const base = path.resolve(root);
  return {
    async index() {
      return respond(await readFile(path.join(base, 'index.html')), 'index.html', 'no-cache');
    },
    async file(urlPath) {
      let decoded: string;
      try {
        decoded = decodeURIComponent(urlPath);
      } catch {
        return null;
      }
      if (decoded.includes('\0')) return null;
      const file = path.resolve(base, `.${path.posix.normalize(`/${decoded}`)}`);
      if (!file.startsWith(base + path.sep)) return null;
      try {
        if (!(await stat(file)).isFile()) return null;
        const immutable = file.startsWith(path.join(base, 'assets') + path.sep);
        return respond(
          await readFile(file),
          file,
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      } catch {
        return null;
      }
    },
  };
}
