import http from 'node:http';

export interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
  perSecond: number;
}

export interface LoadOptions {
  origin: string;
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  concurrency: number;
  durationMs: number;
}

/**
 * A closed-loop load generator on keep-alive connections: `concurrency` workers each send the next
 * request as soon as the last one is answered, for `durationMs`. Bounded in time, loopback only.
 */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const url = new URL(options.path, options.origin);
  if (url.hostname !== '127.0.0.1') throw new Error('the load generator only targets loopback');
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.concurrency });
  let requests = 0;
  let errors = 0;
  const started = performance.now();
  const deadline = started + options.durationMs;

  const once = () =>
    new Promise<void>((resolve) => {
      const req = http.request(
        url,
        {
          method: options.method,
          agent,
          headers: { 'content-type': 'application/json', ...options.headers },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode === 200) requests += 1;
            else errors += 1;
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors += 1;
        resolve();
      });
      req.end(options.body);
    });

  const worker = async () => {
    while (performance.now() < deadline) await once();
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  agent.destroy();
  const seconds = (performance.now() - started) / 1000;
  return { requests, errors, seconds, perSecond: requests / seconds };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}
