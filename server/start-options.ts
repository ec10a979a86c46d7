/**
 * What `npm start` reads from its command line, and the pace it gives the reference engine. Only this
 * entry paces by default: a person trying Stop or a regenerate mid-stream needs a reply that takes
 * time, while tests, benches and `npm run dev` build the service from resolveConfig, which is unpaced
 * unless told otherwise.
 */
import { readTokensPerSecond, type ServiceConfig } from './config';

/** About what a hosted chat model streams at; slow enough to press Stop halfway through a reply. */
export const START_TOKENS_PER_SECOND = 80;

export interface StartOptions {
  /** False with --no-build: serve dist/ as it is. */
  build: boolean;
  /** The --pace value as written, when given. */
  pace?: string;
}

const USAGE = 'the options are --no-build and --pace=<tokens per second, 0 for unpaced>';

/** Reads `npm start`'s arguments; throws on anything it does not know. */
export function readStartOptions(args: readonly string[]): StartOptions {
  const options: StartOptions = { build: true };
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] ?? '';
    if (arg === '--no-build') options.build = false;
    else if (arg.startsWith('--pace=')) options.pace = arg.slice('--pace='.length);
    else if (arg === '--pace' && i + 1 < args.length) options.pace = args[++i] ?? '';
    else throw new Error(`Unknown argument ${arg}: ${USAGE}.`);
  }
  return options;
}

/**
 * The reference engine's pace under `npm start`: --pace, else SVC_REFERENCE_TOKENS_PER_SECOND (as
 * resolveConfig read it), else START_TOKENS_PER_SECOND. Null is unpaced. Throws on a bad --pace with
 * the same message form as a bad variable.
 */
export function startPace(
  config: Pick<ServiceConfig, 'referenceTokensPerSecond'>,
  env: Record<string, string | undefined>,
  options: StartOptions,
): number | null {
  if (options.pace !== undefined) return readTokensPerSecond('--pace', options.pace);
  if (env.SVC_REFERENCE_TOKENS_PER_SECOND?.trim()) return config.referenceTokensPerSecond;
  return START_TOKENS_PER_SECOND;
}
