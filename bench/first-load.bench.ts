/**
 * Bytes of JavaScript each page's first load takes over the wire, as the local service sends them:
 * the entry, the page's route chunk and everything they import statically (from a build manifest of
 * the same source, so the same hashed file names), each fetched from `npm start` the way a browser
 * asks (`Accept-Encoding: br, gzip`), next to the same files gzipped and uncompressed, and the chat
 * page's goal of 150 KB (issue 14).
 */
import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startService } from '../tests/e2e/support/start-service';
import { routeBundles } from './support/route-bundles';

const CHAT_GOAL_BYTES = 150_000;

/** The body's size as it crossed the wire, and the encoding it came in. */
function wireBytes(url: string, acceptEncoding: string): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(new Error(`${url}: ${response.statusCode}; does the service serve another build?`));
        return;
      }
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () =>
        resolve({ bytes, encoding: response.headers['content-encoding'] ?? 'identity' }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

export async function runFirstLoadBench(): Promise<string[]> {
  const { build } = await import('vite');
  const out = await mkdtemp(path.join(os.tmpdir(), 'svc-bench-build-'));
  const service = await startService();
  try {
    await build({ logLevel: 'silent', build: { outDir: out, manifest: true, emptyOutDir: true } });
    const lines: string[] = [];
    for (const bundle of routeBundles(out)) {
      let brotli = 0;
      let gzip = 0;
      let identity = 0;
      const encodings = new Set<string>();
      for (const file of bundle.files) {
        const url = new URL(`/${file}`, service.url).href;
        const sent = await wireBytes(url, 'br, gzip');
        encodings.add(sent.encoding);
        brotli += sent.bytes;
        gzip += (await wireBytes(url, 'gzip')).bytes;
        identity += (await wireBytes(url, 'identity')).bytes;
      }
      const goal =
        bundle.route === '/chat'
          ? ` (goal ${kb(CHAT_GOAL_BYTES)}: ${(brotli / CHAT_GOAL_BYTES).toFixed(2)}× of it)`
          : '';
      lines.push(
        `${bundle.route}: ${kb(brotli)} on the wire (${[...encodings].join('/')}, ${bundle.files.length} files)${goal}; gzip ${kb(gzip)}, uncompressed ${kb(identity)}`,
      );
    }
    return lines;
  } finally {
    await service.stop();
    await rm(out, { recursive: true, force: true });
  }
}

// Run on its own with `npx tsx bench/first-load.bench.ts`.
if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of await runFirstLoadBench()) console.log(line);
}
