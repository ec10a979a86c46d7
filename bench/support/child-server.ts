import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface ChildServer {
  origin: string;
  stop: () => void;
  /** Peak resident memory of the child in MiB, read from /proc while it ran. */
  peakRssMiB: () => number;
}

/** Starts bench/support/serve.ts in a child process and resolves with its origin. */
export async function startChildServer(
  kind: 'local' | 'bare',
  env: Record<string, string> = {},
): Promise<ChildServer> {
  const script = path.resolve('bench/support/serve.ts');
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', script, kind], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (b: Buffer) => {
      out += b.toString();
      const match = /port (\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`bench server (${kind}) exited with ${code}`)));
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    stop: () => child.kill('SIGTERM'),
    peakRssMiB: () => readPeakRss(child.pid),
  };
}

function readPeakRss(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    // VmHWM is the process's high-water mark of resident memory.
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
    return kb ? Number(kb) / 1024 : 0;
  } catch {
    return 0;
  }
}
