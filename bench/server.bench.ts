import http from 'node:http';
import { startChildServer } from './support/child-server';
import { percentile, runLoad } from './support/load';
import { BENCH_KEY } from './support/serve';

const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 5) * 1000;
const CONCURRENCY = 16;
const STREAMS = Number(process.env.BENCH_STREAMS ?? 200);
const auth = { authorization: `Bearer ${BENCH_KEY}` };
const chatBody = JSON.stringify({
  model: 'svc-chat',
  messages: [{ role: 'user', content: 'Hello, how are you?' }],
  temperature: 0,
  max_tokens: 64,
});
// High enough that the benchmark measures the service, not its rate limiter's refusals.
const NO_LIMITS = { SVC_RATE_LIMITS: 'chat=1000000,code=1000000,vision=1000000,audio=1000000' };

/** Requests per second of the local service against a bare server on the same two routes. */
async function throughput(lines: string[]): Promise<void> {
  const local = await startChildServer('local', NO_LIMITS);
  const bare = await startChildServer('bare');
  try {
    for (const [label, method, path, body] of [
      ['GET /v1/models', 'GET', '/v1/models', undefined],
      ['POST /v1/chat/completions (non-streaming)', 'POST', '/v1/chat/completions', chatBody],
    ] as const) {
      const run = (origin: string) =>
        runLoad({
          origin,
          method,
          path,
          ...(body === undefined ? {} : { body }),
          headers: auth,
          concurrency: CONCURRENCY,
          durationMs: DURATION_MS,
        });
      await run(local.origin); // warm-up: JIT and the tokenizer's tables
      const ours = await run(local.origin);
      const floor = await run(bare.origin);
      lines.push(
        `${label}: local service ${ours.perSecond.toFixed(0)} req/s (${ours.errors} errors), ` +
          `bare server ${floor.perSecond.toFixed(0)} req/s, ratio ${(ours.perSecond / floor.perSecond).toFixed(2)}`,
      );
    }
  } finally {
    local.stop();
    bare.stop();
  }
}

interface StreamStats {
  completed: number;
  gaps: number[];
}

/** Opens STREAMS streaming chats at once and records the time between chunks each client sees. */
async function concurrentStreams(lines: string[]): Promise<void> {
  const local = await startChildServer('local', { ...NO_LIMITS, ...streamPacing() });
  const agent = new http.Agent({ keepAlive: false, maxSockets: STREAMS });
  const stats: StreamStats = { completed: 0, gaps: [] };
  let peakOpen = 0;
  let open = 0;
  const body = JSON.stringify({
    model: 'svc-chat',
    messages: [{ role: 'user', content: 'Write a long answer of 300 words about rivers' }],
    max_tokens: 300,
    stream: true,
  });
  const one = () =>
    new Promise<void>((resolve) => {
      const req = http.request(
        new URL('/v1/chat/completions', local.origin),
        { method: 'POST', agent, headers: { ...auth, 'content-type': 'application/json' } },
        (res) => {
          open += 1;
          peakOpen = Math.max(peakOpen, open);
          let last = performance.now();
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (piece: string) => {
            const now = performance.now();
            stats.gaps.push(now - last);
            last = now;
            text += piece;
          });
          res.on('end', () => {
            open -= 1;
            if (res.statusCode === 200 && text.includes('[DONE]')) stats.completed += 1;
            resolve();
          });
        },
      );
      req.setTimeout(120_000, () => req.destroy());
      req.on('error', () => resolve());
      req.end(body);
    });
  const started = performance.now();
  await Promise.all(Array.from({ length: STREAMS }, one));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  const rss = local.peakRssMiB();
  local.stop();
  const gaps = stats.gaps.sort((a, b) => a - b);
  lines.push(
    `concurrent streams: ${stats.completed}/${STREAMS} completed, ${peakOpen} open at once (target 200), ` +
      `in ${seconds.toFixed(1)} s; time between chunks p50 ${percentile(gaps, 50).toFixed(1)} ms, ` +
      `p99 ${percentile(gaps, 99).toFixed(1)} ms; service peak RSS ${rss.toFixed(0)} MiB`,
  );
}

function streamPacing(): Record<string, string> {
  // Paced like a real model (~30 tokens/s) so that the streams are really held open together.
  return { SVC_REFERENCE_TOKENS_PER_SECOND: process.env.BENCH_TOKENS_PER_SECOND ?? '30' };
}

export async function runServerBench(): Promise<string[]> {
  const lines: string[] = [];
  await throughput(lines);
  await concurrentStreams(lines);
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of await runServerBench()) console.log(line);
}
