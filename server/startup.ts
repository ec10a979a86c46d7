/**
 * What the two ways of starting the service (`npm start` in main.ts, `npm run dev` in dev.ts) share:
 * the configuration they read, how they talk to the terminal, and how the process ends.
 */
import path from 'node:path';
import { resolveConfig, type ServiceConfig } from './config';
import { readConfigFile } from './config-file';
import { dataDirectory, loadOrCreateLocalKey } from './keys';

/** Prints one line to stdout, marked as ours. */
export function say(line: string): void {
  process.stdout.write(`svc-playground: ${line}\n`);
}

/** The environment with the config file (SVC_CONFIG_FILE) merged under the real variables. */
export function startupEnvironment(): Record<string, string | undefined> {
  const file = process.env.SVC_CONFIG_FILE?.trim();
  return file ? { ...readConfigFile(path.resolve(file)), ...process.env } : { ...process.env };
}

/**
 * The service configuration from the environment (and config file); when no API key is configured,
 * the persisted local key is filled in (created on first start, which is said).
 */
export function loadStartupConfig(): { env: Record<string, string | undefined>; config: ServiceConfig } {
  const env = startupEnvironment();
  const config = resolveConfig(env);
  if (config.apiKeys.length > 0) return { env, config };
  const local = loadOrCreateLocalKey(dataDirectory(env, config.dataDir));
  if (local.created) say(`generated a local API key, kept in ${local.file}`);
  return { env, config: { ...config, apiKeys: [local.key] } };
}

/**
 * Last line of defence: an error that escapes every request handler (a callback of a stream or a
 * child process) is logged and the service goes on. Each request's own errors are answered as 500s in
 * app.ts; a failure here is a bug, but one request's bug must not end everyone's service.
 */
function keepServingAfterStrayErrors(): void {
  const report = (kind: string) => (error: unknown) => {
    const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
    process.stderr.write(`svc-playground: ${kind} (a bug; the service goes on): ${text}\n`);
  };
  process.on('unhandledRejection', report('unhandled rejection'));
  process.on('uncaughtException', report('uncaught exception'));
}

/** Runs `main` as the process's entry point: a failure is printed as one line, with exit code 1. */
export function runEntryPoint(main: () => Promise<void>): void {
  keepServingAfterStrayErrors();
  main().catch((error: unknown) => {
    process.stderr.write(`svc-playground: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}

/** Calls `stop` when the process is asked to end (Ctrl+C or a service manager's SIGTERM). */
export function onStopSignal(stop: () => void): void {
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
