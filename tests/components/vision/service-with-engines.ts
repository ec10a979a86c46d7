/**
 * The real local service in process with injected vision/audio engines (fixed answers, so tests do
 * not wait for OCR or speech recognition), recording every request body so tests can assert
 * exactly which fields were sent. Also used by the audio page tests.
 */
import { File as NodeFile } from 'node:buffer';
import { createApp, type ModelEngines } from '../../../server/app';
import { resolveConfig } from '../../../server/config';
import type { AudioEngine, ChatEngine, Transcript } from '../../../server/engines/engine';
import { TEST_KEY } from '../support/local-service';

export interface RecordedPart {
  name: string;
  /** Text fields as their value; file parts as their filename, type and size. */
  value: string | { filename: string; type: string; size: number; text: string };
}

export interface RecordedRequest {
  method: string;
  url: string;
  /** Parsed JSON bodies. */
  json?: unknown;
  /** Multipart bodies, part by part in order. */
  parts?: RecordedPart[];
}

export interface EngineService {
  fetch: typeof fetch;
  requests: RecordedRequest[];
  /** The requests to one path (e.g. `/vision/analyze`). */
  to(path: string): RecordedRequest[];
}

async function record(request: Request): Promise<RecordedRequest> {
  const entry: RecordedRequest = { method: request.method, url: request.url };
  const type = request.headers.get('content-type') ?? '';
  if (type.startsWith('application/json')) entry.json = JSON.parse(await request.clone().text());
  if (type.startsWith('multipart/form-data')) {
    const form = await request.clone().formData();
    entry.parts = [];
    for (const [name, value] of form.entries()) {
      entry.parts.push({
        name,
        value:
          typeof value === 'string'
            ? value
            : { filename: value.name, type: value.type, size: value.size, text: await value.text() },
      });
    }
  }
  return entry;
}

function readBlob(blob: Blob): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('could not read the blob'));
    reader.readAsArrayBuffer(blob);
  });
}

/**
 * In jsdom the page builds a jsdom FormData of jsdom Files, which Node's Request cannot encode; a
 * browser would send it as multipart, so the test transport re-creates it with Node's own classes.
 */
async function nodeFormData(form: FormData): Promise<FormData> {
  const NodeFormData = (await new Response(new URLSearchParams()).formData()).constructor as typeof FormData;
  const copy = new NodeFormData();
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') copy.append(name, value);
    else
      copy.append(
        name,
        new NodeFile([new Uint8Array(await readBlob(value))], value.name, {
          type: value.type,
        }) as unknown as Blob,
        value.name,
      );
  }
  return copy;
}

/**
 * @param engines engines to inject; svc-vision and svc-audio default to none (the service then
 *   answers 503 engine_unavailable), so no test depends on the local OCR or speech engines.
 */
export function serviceWithEngines(engines: Partial<ModelEngines>): EngineService {
  const app = createApp(resolveConfig({ SVC_API_KEYS: TEST_KEY }), {
    log: () => {},
    engines: { 'svc-vision': null, 'svc-audio': null, ...engines },
  });
  const requests: RecordedRequest[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const sent = init?.body instanceof FormData ? await nodeFormData(init.body) : init?.body;
    const request = new Request(input, { ...init, body: sent ?? null });
    if (!request.headers.has('host')) request.headers.set('host', new URL(request.url).host);
    requests.push(await record(request));
    return app.fetch(request);
  }) as typeof fetch;
  return {
    fetch: fetchImpl,
    requests,
    to: (path) => requests.filter((r) => new URL(r.url).pathname.endsWith(path)),
  };
}

/** A vision engine that answers a fixed markdown reply, as a chat completion. */
export function fixedVisionEngine(reply: string): ChatEngine {
  return {
    describe: () => 'Test vision engine with a fixed reply.',
    async *generate() {
      yield { type: 'text', text: reply };
      yield {
        type: 'finish',
        finish_reason: 'stop',
        usage: { prompt_tokens: 12, completion_tokens: 5, total_tokens: 17 },
      };
    },
  };
}

/** An audio engine that answers a fixed transcript whatever it hears. */
export function fixedAudioEngine(transcript: Transcript): AudioEngine {
  return {
    describe: () => 'Test audio engine with a fixed transcript.',
    transcribe: () => Promise.resolve(transcript),
  };
}

/**
 * The in-process service, except that requests to `path` get one fixed response: for bodies the
 * local service never sends (other servers' shapes, malformed subtitles).
 */
export function fixedResponseAt(
  path: string,
  body: string,
  contentType: string,
  status = 200,
): EngineService {
  const service = serviceWithEngines({});
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const sent = init?.body instanceof FormData ? await nodeFormData(init.body) : init?.body;
    const request = new Request(input, { ...init, body: sent ?? null });
    if (!new URL(request.url).pathname.endsWith(path)) return service.fetch(request);
    service.requests.push(await record(request));
    return new Response(body, { status, headers: { 'content-type': contentType } });
  }) as typeof fetch;
  return { ...service, fetch: fetchImpl };
}
