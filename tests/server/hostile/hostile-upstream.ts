import { startFakeUpstream, type FakeUpstream } from '../engines/upstream/fake-upstream';

/**
 * An upstream on loopback that streams one event which never closes its brackets, over 10 MB of
 * lines (the upstream finding: 84 s of blocked event loop once).
 */
export function startUnterminatedEventUpstream(): Promise<FakeUpstream> {
  return startFakeUpstream(async (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write('data: {"id": "x", "choices": [{"delta": {"content": "\n');
    const line = `data: ${'a'.repeat(1000)}\n`;
    for (let i = 0; i < 10_000 && !res.destroyed; i += 1) {
      if (!res.write(line)) await new Promise((resolve) => res.once('drain', resolve));
    }
    res.end();
  });
}
