/**
 * `npm run dev`: Vite's dev server (with HMR) and the local service in one origin. Requests for the
 * API and the page bootstrap go to the service; everything else to Vite.
 */
import { getRequestListener } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, type Plugin } from 'vite';
import { createApp } from './app';
import { applyClientTimeouts } from './http/client-timeouts';
import { PAGE_HEADERS } from './http/page-headers';
import { isServiceRequest } from './http/page-routes';
import { loadStartupConfig, onStopSignal, runEntryPoint, say } from './startup';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const DEV_PAGE_HEADERS = {
  'content-security-policy': "frame-ancestors 'self'; object-src 'none'; base-uri 'self'",
  'x-frame-options': 'SAMEORIGIN',
  'x-content-type-options': 'nosniff',
  'referrer-policy': PAGE_HEADERS['referrer-policy'],
};

async function main(): Promise<void> {
  const { config } = loadStartupConfig();
  const listener = getRequestListener(createApp(config).fetch);

  const localService: Plugin = {
    name: 'svc-local-service',
    configureServer(vite) {
      // Added before Vite's own middlewares, so the service answers its paths first.
      vite.middlewares.use((req, res, next) => {
        const url = new URL(req.url ?? '/', 'http://dev.local');
        const headers = new Headers();
        for (const [name, value] of Object.entries(req.headers)) {
          if (typeof value === 'string') headers.set(name, value);
        }
        if (isServiceRequest(req.method ?? 'GET', url.pathname, headers)) void listener(req, res);
        else next();
      });
    },
  };

  const vite = await createServer({
    root: ROOT,
    configFile: path.join(ROOT, 'vite.config.ts'),
    plugins: [localService],
    server: {
      host: config.host,
      port: config.port,
      strictPort: true,
      // The built page's policy (page-headers.ts) would stop Vite's inline React refresh preamble and
      // its HMR WebSocket, so development gets only the parts that cost Vite nothing: no framing by
      // other sites, no plugins, no <base>, nosniff. As on the built page, Vite's own files carry no
      // CORS (the API the service answers keeps its own).
      headers: DEV_PAGE_HEADERS,
      cors: false,
    },
  });
  await vite.listen();
  if (vite.httpServer && 'headersTimeout' in vite.httpServer) applyClientTimeouts(vite.httpServer, config);
  const address = vite.httpServer?.address() as AddressInfo | null;
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  say(`http://${host.includes(':') ? `[${host}]` : host}:${address?.port ?? config.port}/`);
  say('development mode: Vite with HMR, the local service in the same origin');
  say(`API key ${config.apiKeys[0]}`);

  const stop = (): void => {
    void vite.close().then(() => process.exit(0));
    setTimeout(() => process.exit(0), 3000).unref();
  };
  onStopSignal(stop);
}

runEntryPoint(main);
