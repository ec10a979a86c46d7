/**
 * `npm start`: builds the playground when dist/ is missing or older than its sources (`--no-build`
 * skips that), then serves it and the local service on HOST:PORT, printing the URL and the API key.
 * The reference engine is paced like a real model here (`--pace`, start-options.ts).
 */
import { serve } from '@hono/node-server';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createApp } from './app';
import { buildDistIfStale, DIST } from './build-app';
import { clientTimeoutOptions } from './http/client-timeouts';
import { createPageServer } from './http/static-files';
import { readStartOptions, startPace } from './start-options';
import { loadStartupConfig, onStopSignal, runEntryPoint, say } from './startup';

/** SVC_DIST_DIR serves another build as it is (tests, packaging); otherwise dist/ is kept fresh. */
async function buildIfNeeded(dist: string, skip: boolean): Promise<void> {
  if (!skip && dist === DIST) {
    await buildDistIfStale(() => say('building the playground (dist/ is missing or older than src/)…'));
  }
  if (!existsSync(path.join(dist, 'index.html'))) {
    throw new Error(
      `${path.join(dist, 'index.html')} is missing: run \`npm run build\`, or start without --no-build.`,
    );
  }
}

function displayHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '127.0.0.1') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

async function main(): Promise<void> {
  const options = readStartOptions(process.argv.slice(2));
  const startup = loadStartupConfig();
  const { env } = startup;
  const config = {
    ...startup.config,
    referenceTokensPerSecond: startPace(startup.config, env, options),
  };
  const dist = env.SVC_DIST_DIR?.trim() ? path.resolve(env.SVC_DIST_DIR.trim()) : DIST;
  await buildIfNeeded(dist, !options.build);

  const app = createApp(config, { pages: createPageServer(dist) });
  const server = serve(
    {
      fetch: app.fetch,
      hostname: config.host,
      port: config.port,
      serverOptions: clientTimeoutOptions(config),
    },
    (info: AddressInfo) => {
      // The key comes last: whoever waits for it (a test, a script) has every line before it.
      if (config.upstream) say(`forwarding to the upstream at ${config.upstream.url}`);
      else if (config.referenceTokensPerSecond !== null) {
        say(
          `reference engine paced at ${config.referenceTokensPerSecond} tokens/s ` +
            '(--pace=0 or SVC_REFERENCE_TOKENS_PER_SECOND=0 for unpaced)',
        );
      }
      say(`http://${displayHost(config.host)}:${info.port}/`);
      say(`API key ${config.apiKeys[0]}`);
    },
  );
  server.on('error', (error: NodeJS.ErrnoException) => {
    const advice =
      error.code === 'EADDRINUSE'
        ? ` Port ${config.port} is in use: set PORT to another port (0 picks a free one).`
        : '';
    process.stderr.write(
      `svc-playground: could not listen on ${config.host}:${config.port}: ${error.message}.${advice}\n`,
    );
    process.exit(1);
  });

  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    // Open streams would hold close() forever; end them, then exit once the server has closed.
    server.close(() => process.exit(0));
    if ('closeAllConnections' in server) server.closeAllConnections();
    setTimeout(() => process.exit(0), 3000).unref();
  };
  onStopSignal(stop);
}

runEntryPoint(main);
