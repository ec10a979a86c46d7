import { jsonBody, splitURL, type CodeRequest } from './code-request';

/** A multipart field other than the file, as the audio call's named argument. */
export interface FormArgument {
  name: string;
  value: string;
}

/**
 * What one SDK's script says for each endpoint, as lines. The walk over the request (which endpoint,
 * which body, which file) is the same for every language, so it lives once in {@link sdkScript}.
 */
export interface SdkDialect {
  /** Imports and the client, made with the base URL and the key from the environment. */
  head(baseURL: string): string[];
  chatStream(body: Record<string, unknown>): string[];
  chat(body: Record<string, unknown>): string[];
  models(): string[];
  model(id: string): string[];
  /** The transcription call; `imports` go before the head (e.g. `node:fs`). */
  audio(file: string, fields: FormArgument[]): { imports?: string[]; lines: string[] };
  /** Endpoints the SDK has no method for, reached with its generic request method. */
  other(path: string, body: Record<string, unknown>): string[];
}

/** The request as a script in one SDK's dialect. */
export function sdkScript(request: CodeRequest, dialect: SdkDialect): string {
  const split = splitURL(request.url);
  const head = dialect.head(split.baseURL);
  const body = jsonBody(request) ?? {};
  const lines = (call: string[], imports: string[] = []) => [...imports, ...head, ...call].join('\n');
  switch (split.kind) {
    case 'chat':
      return lines(body.stream === true ? dialect.chatStream(body) : dialect.chat(body));
    case 'models':
      return lines(dialect.models());
    case 'model':
      return lines(dialect.model(split.modelId ?? ''));
    case 'audio': {
      const fields = request.body.kind === 'form' ? request.body.fields : [];
      const file = fields.find((f) => f.file)?.file?.name ?? 'audio.wav';
      const args = fields.filter((f) => !f.file).map((f) => ({ name: f.name, value: f.value ?? '' }));
      const call = dialect.audio(file, args);
      return lines(call.lines, call.imports);
    }
    default:
      return lines(dialect.other(split.path, body));
  }
}
