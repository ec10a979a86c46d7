/**
 * Keys for the connections, from the environment variables the file names: each is said (which
 * variable goes to which host) before anything is sent, and a missing one stops the run with its name.
 */
import type { Experiment, ExperimentConnection } from '../src/lib/experiments/experiment';

export interface KeyPlan {
  /** One line per connection user: `variant "cold": key from $SVC_API_KEY → http://…`. */
  lines: string[];
  /** What to fix, one sentence per missing variable; empty when all are set. */
  missing: string[];
  keyOf: (connection: ExperimentConnection) => string | undefined;
}

function hostOf(baseURL: string): string {
  try {
    return new URL(baseURL).host;
  } catch {
    return baseURL;
  }
}

export function planKeys(
  experiment: Experiment,
  env: Readonly<Record<string, string | undefined>>,
  needKeys: boolean,
): KeyPlan {
  const users: [string, ExperimentConnection][] = experiment.variants.map((v) => [
    `variant "${v.label}"`,
    v.connection,
  ]);
  if (experiment.judge) users.push(['the judge', experiment.judge.connection]);
  const lines: string[] = [];
  const missing = new Map<string, string[]>();
  for (const [who, connection] of users) {
    const name = connection.apiKeyEnv;
    const to = `${hostOf(connection.baseURL)} (${connection.baseURL})`;
    if (name === undefined) {
      lines.push(`${who}: no key (the file names no apiKeyEnv) → ${to}`);
      continue;
    }
    lines.push(`${who}: key from $${name} → ${to}`);
    if (needKeys && !env[name]) missing.set(name, [...(missing.get(name) ?? []), who]);
  }
  return {
    lines,
    missing: [...missing].map(
      ([name, who]) =>
        `the environment variable ${name} is not set (${who.join(', ')} read${who.length === 1 ? 's' : ''} the key from it): set it to the API key (the local service prints its key when it starts) and run again`,
    ),
    keyOf: (connection) => (connection.apiKeyEnv ? env[connection.apiKeyEnv] : undefined),
  };
}
