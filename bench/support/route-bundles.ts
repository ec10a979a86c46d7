/**
 * Which JavaScript a page needs before it can show: the entry chunk, the page's route chunk, and
 * everything either imports statically — read from Vite's build manifest, with each file's size
 * gzipped (level 9, as the build's .gz siblings are) and as the service sends it to a browser (the
 * build's .br sibling, which every file has since vite.config.ts compresses all of them, else the
 * file itself). Used by the bundle budget test and the bench; what the browser actually fetches
 * until idle is first-load.ts.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface RouteBundle {
  route: string;
  files: string[];
  rawBytes: number;
  gzipBytes: number;
  /** As served to a browser that accepts brotli: each .br sibling's size, else the file's. */
  brotliBytes: number;
}

/** The route modules of the app, by page path. */
export const ROUTE_MODULES: Record<string, string> = {
  '/chat': 'src/app/routes/chat-route.tsx',
  '/code': 'src/app/routes/code-route.tsx',
  '/vision': 'src/app/routes/vision-route.tsx',
  '/audio': 'src/app/routes/audio-route.tsx',
  '/compare': 'src/app/routes/compare-route.tsx',
  '/models': 'src/app/routes/models-route.tsx',
  '/experiments': 'src/app/routes/experiments-route.tsx',
};

function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key]?.imports ?? []) visit(next);
  };
  keys.forEach(visit);
  return seen;
}

export function routeBundles(dist: string): RouteBundle[] {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  return Object.entries(ROUTE_MODULES).map(([route, module]) => {
    if (!manifest[module]) throw new Error(`${module} is not a chunk of the build; is its route still lazy?`);
    const files = [...staticClosure(manifest, [...entries, module])]
      .map((key) => manifest[key]!.file)
      .filter((file) => file.endsWith('.js'));
    let rawBytes = 0;
    let gzipBytes = 0;
    let brotliBytes = 0;
    for (const file of files) {
      const bytes = readFileSync(path.join(dist, file));
      rawBytes += bytes.length;
      gzipBytes += gzipSync(bytes, { level: 9 }).length;
      const br = path.join(dist, `${file}.br`);
      brotliBytes += existsSync(br) ? statSync(br).size : bytes.length;
    }
    return { route, files, rawBytes, gzipBytes, brotliBytes };
  });
}
