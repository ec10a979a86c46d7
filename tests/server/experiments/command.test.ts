/**
 * `npm run experiment` on examples/experiment.json against the local service, started here on
 * 127.0.0.1 at an ephemeral port (the example's baseURL is replaced with --base-url). Gates are set
 * in a copy of the example beside a copy of its CSV.
 */
import { spawn } from 'node:child_process';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import { resolveConfig } from '../../../server/config';
import { runExperimentCommand } from '../../../cli/experiment-command';
import { serveApp, type ServedApp } from '../../support/serve-app';

const KEY = 'experiment-test-key';
let service: ServedApp;
let requests = 0;
let dir: string;

beforeAll(async () => {
  const app = createApp(resolveConfig({ SVC_API_KEYS: KEY, SVC_RATE_LIMITS: 'chat=100000' }), {
    log: () => undefined,
  });
  service = await serveApp({
    fetch: (request) => {
      if (new URL(request.url).pathname.endsWith('/chat/completions')) requests += 1;
      return app.fetch(request);
    },
  });
  dir = await mkdtemp(path.join(os.tmpdir(), 'experiment-cli-'));
  await copyFile('examples/capitals.csv', path.join(dir, 'capitals.csv'));
});

afterAll(async () => {
  await service?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** A copy of the example with these gates; returns its path. */
async function exampleWith(name: string, gates: object): Promise<string> {
  const example = JSON.parse(await readFile('examples/experiment.json', 'utf8')) as Record<string, unknown>;
  const file = path.join(dir, `${name}.json`);
  await writeFile(file, JSON.stringify({ ...example, gates }));
  return file;
}

async function run(argv: string[], env: Record<string, string> = { SVC_API_KEY: KEY }) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runExperimentCommand(argv, {
    env,
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** The counts of a JUnit file: suites, and per suite its tests, failures and errors. */
function junitCounts(xml: string) {
  const suites = [...xml.matchAll(/<testsuite\b([^>]*)>/g)].map((m) => {
    const attr = (name: string) => Number(new RegExp(`\\b${name}="(\\d+)"`).exec(m[1]!)?.[1]);
    return {
      name: /\bname="([^"]*)"/.exec(m[1]!)?.[1],
      tests: attr('tests'),
      failures: attr('failures'),
      errors: attr('errors'),
    };
  });
  const cases = (xml.match(/<testcase\b/g) ?? []).length;
  const failures = (xml.match(/<failure\b/g) ?? []).length;
  return { suites, cases, failures };
}

// 80 streamed cells per run on a loaded two-core machine: a cap against hanging, not a speed check.
describe('npm run experiment on examples/experiment.json', () => {
  it('exits 0 with a lenient gate, writing the four exports, the JUnit file one suite per variant', async () => {
    const out = path.join(dir, 'lenient-out');
    const file = await exampleWith('lenient', { minPassRate: 0 });
    const result = await run([file, '--out', out, '--base-url', `${service.origin}/v1`]);
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    expect(result.out).toContain(`variant "cold": key from $SVC_API_KEY → ${new URL(service.origin).host}`);
    expect(result.out).toMatch(/^\[80\/80\] /m);
    expect(result.out).toMatch(
      /^cold: pass \d+\/40 = [\d.]+% \(95% CI [\d.]+%–[\d.]+%\) · total p50 .* p95 /m,
    );
    expect(result.out).toMatch(/^cold vs warm: .*(not )?significant at 0\.05/m);
    expect(result.out).toContain('gate held: overall pass rate');

    const junit = junitCounts(await readFile(path.join(out, 'junit.xml'), 'utf8'));
    expect(junit.suites.map((s) => s.name)).toEqual(['cold', 'warm']);
    expect(junit.suites.map((s) => s.tests)).toEqual([40, 40]);
    expect(junit.cases).toBe(80);
    // The reference engine repeats the question, so it names the country but never the capital.
    expect(junit.suites.map((s) => s.failures)).toEqual([40, 40]);
    expect(junit.suites.map((s) => s.errors)).toEqual([0, 0]);
    expect(junit.failures).toBe(80);
    const jsonl = (await readFile(path.join(out, 'results.jsonl'), 'utf8')).trim().split('\n');
    expect(jsonl).toHaveLength(80);
    expect(await readFile(path.join(out, 'results.csv'), 'utf8')).toMatch(/France/);
    expect(await readFile(path.join(out, 'report.html'), 'utf8')).toMatch(/^<!doctype html>/i);
  });

  it('exits 100 with a strict gate, naming the gate that failed', async () => {
    const file = await exampleWith('strict', { minPassRate: 1 });
    const result = await run([
      file,
      '--out',
      path.join(dir, 'strict-out'),
      '--base-url',
      `${service.origin}/v1`,
    ]);
    expect(result.code).toBe(100);
    expect(result.out).toMatch(/gate FAILED: overall pass rate 0% \(0\/80\), needs 100%/);
  });

  it('resumes from its out directory: a second run sends nothing', async () => {
    const file = await exampleWith('resume', { minPassRate: 0 });
    const args = [file, '--out', path.join(dir, 'resume-out'), '--base-url', `${service.origin}/v1`];
    expect((await run(args)).code).toBe(0);
    const before = requests;
    expect((await run(args)).code).toBe(0);
    expect(requests).toBe(before);
  });

  it('replays a recorded run with no key and nothing sent, writing the same results', async () => {
    const file = await exampleWith('replay', { minPassRate: 0 });
    const cache = path.join(dir, 'replay-cache.jsonl');
    const recorded = await run([
      file,
      '--out',
      path.join(dir, 'rec'),
      '--cache',
      'record',
      '--cache-file',
      cache,
      '--base-url',
      `${service.origin}/v1`,
    ]);
    expect(recorded.code).toBe(0);
    const before = requests;
    // No key in the environment and no request counted at the service: nothing is sent.
    const replayed = await run(
      [
        file,
        '--out',
        path.join(dir, 'rep'),
        '--cache',
        'replay',
        '--cache-file',
        cache,
        '--base-url',
        `${service.origin}/v1`,
      ],
      {},
    );
    expect(replayed.code).toBe(0);
    expect(requests).toBe(before);
    const replayedLines = await readFile(path.join(dir, 'rep', 'results.jsonl'), 'utf8');
    expect(replayedLines.trim().split('\n')).toHaveLength(80);
    expect(replayedLines).toBe(await readFile(path.join(dir, 'rec', 'results.jsonl'), 'utf8'));
  });

  it('exits 1 naming what to fix: a missing key variable, a bad file, an unreachable server', async () => {
    const file = await exampleWith('errors', { minPassRate: 0 });
    const noKey = await run(
      [file, '--out', path.join(dir, 'no-key'), '--base-url', `${service.origin}/v1`],
      {},
    );
    expect(noKey.code).toBe(1);
    expect(noKey.err).toMatch(
      /SVC_API_KEY is not set \(variant "cold", variant "warm" read the key from it\)/,
    );

    const bad = path.join(dir, 'bad.json');
    await writeFile(bad, JSON.stringify({ version: 1, name: 'bad', variants: [] }));
    const badRun = await run([bad, '--out', path.join(dir, 'bad-out')]);
    expect(badRun.code).toBe(1);
    expect(badRun.err).toMatch(/bad\.json has problems:\n {2}template/);

    const closed = await serveApp({ fetch: () => new Response('') });
    await closed.close();
    const down = await run([file, '--out', path.join(dir, 'down-out'), '--base-url', `${closed.origin}/v1`]);
    expect(down.code).toBe(1);
    expect(down.err).toMatch(/no server answered .*check that it is running at the baseURL/);
  });

  it('runs as `npm run experiment` and exits with the gate’s status', async () => {
    const file = await exampleWith('spawned', { minPassRate: 1 });
    const child = spawn(
      'npm',
      [
        'run',
        '--silent',
        'experiment',
        '--',
        file,
        '--out',
        path.join(dir, 'spawned-out'),
        '--base-url',
        `${service.origin}/v1`,
      ],
      {
        env: { ...process.env, SVC_API_KEY: KEY },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (b: Buffer) => (output += b.toString()));
    child.stderr.on('data', (b: Buffer) => (output += b.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(output).toMatch(/gate FAILED/);
    expect(code).toBe(100);
  });
});
