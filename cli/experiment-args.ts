/** The command line of `npm run experiment`: read into options, or a sentence saying what is wrong. */
import { CACHE_MODES, type CacheMode } from '../src/lib/experiments/run-types';
import { MAX_CONCURRENCY } from '../src/lib/experiments/experiment';

export interface ExperimentArgs {
  file: string;
  out: string;
  cache: CacheMode;
  /** Where recorded replies are kept; `<out>/cache.jsonl` unless given. */
  cacheFile: string | null;
  concurrency: number | null;
  /** Every connection's base URL replaced (the same file against a local service, in CI or tests). */
  baseURL: string | null;
}

export const USAGE = `usage: npm run experiment -- path/to/experiment.json [options]

  --out DIR            where results and reports go (default: experiment-out)
  --cache MODE         record | replay | off (default: off)
  --cache-file FILE    the record/replay cache (default: DIR/cache.jsonl)
  --concurrency N      requests in flight at most (1 to ${MAX_CONCURRENCY}; default: the file's)
  --base-url URL       send every variant and the judge to URL instead of the file's baseURL

Keys come from the environment variables the file names (apiKeyEnv). Exit status: 0 when the
gates hold, 100 when a gate fails, 1 on errors.`;

const VALUED = new Set(['--out', '--cache', '--cache-file', '--concurrency', '--base-url']);

export function readArgs(argv: readonly string[]): ExperimentArgs | { error: string } {
  const values = new Map<string, string>();
  const files: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [name, inline] = arg.startsWith('--') ? (arg.split(/=(.*)/s, 2) as [string, string?]) : [arg];
    if (!name.startsWith('--')) {
      files.push(arg);
      continue;
    }
    if (!VALUED.has(name)) return { error: `unknown option ${name}` };
    const value = inline ?? argv[++i];
    if (value === undefined || value === '') return { error: `${name} needs a value` };
    values.set(name, value);
  }
  if (files.length !== 1)
    return {
      error: files.length === 0 ? 'name the experiment file' : `one experiment file, not ${files.length}`,
    };
  const cache = values.get('--cache') ?? 'off';
  if (!(CACHE_MODES as readonly string[]).includes(cache))
    return { error: `--cache must be record, replay or off, not "${cache}"` };
  const concurrencyText = values.get('--concurrency');
  const concurrency = concurrencyText === undefined ? null : Number(concurrencyText);
  if (
    concurrency !== null &&
    !(Number.isInteger(concurrency) && concurrency >= 1 && concurrency <= MAX_CONCURRENCY)
  )
    return {
      error: `--concurrency must be a whole number from 1 to ${MAX_CONCURRENCY}, not "${concurrencyText}"`,
    };
  return {
    file: files[0]!,
    out: values.get('--out') ?? 'experiment-out',
    cache: cache as CacheMode,
    cacheFile: values.get('--cache-file') ?? null,
    concurrency,
    baseURL: values.get('--base-url') ?? null,
  };
}
