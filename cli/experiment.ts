/** `npm run experiment -- path/to/experiment.json [options]`: see experiment-command.ts. */
import { runExperimentCommand } from './experiment-command';

const stop = new AbortController();
// The first Ctrl-C stops the run and keeps what finished; a second one leaves at once.
process.once('SIGINT', () => {
  process.stderr.write('experiment: stopping (Ctrl-C again to quit now)…\n');
  stop.abort();
  process.once('SIGINT', () => process.exit(130));
});

process.exitCode = await runExperimentCommand(process.argv.slice(2), {
  env: process.env,
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  signal: stop.signal,
});
