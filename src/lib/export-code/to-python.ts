import { CHAT_PARAMETER_NAMES } from '../../protocol/parameters';
import { API_KEY_ENV, type CodeRequest } from './code-request';
import { sdkScript, type SdkDialect } from './sdk-script';

/** Keyword arguments `client.chat.completions.create` takes by name; anything else goes in `extra_body`. */
const CHAT_KWARGS = new Set<string>([
  'model',
  'messages',
  'stream',
  'functions',
  'n',
  'user',
  ...CHAT_PARAMETER_NAMES,
]);

/** A JSON value as a Python literal (True/False/None), indented. */
export function pythonLiteral(value: unknown, indent = 0): string {
  const pad = ' '.repeat(indent + 4);
  const end = ' '.repeat(indent);
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'string' || typeof value === 'number') return JSON.stringify(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((v) => `${pad}${pythonLiteral(v, indent + 4)},`).join('\n')}\n${end}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([k, v]) => `${pad}${JSON.stringify(k)}: ${pythonLiteral(v, indent + 4)},`).join('\n')}\n${end}}`;
}

function kwargs(body: Record<string, unknown>, known: Set<string> | null): string {
  const extra: Record<string, unknown> = {};
  const lines: string[] = [];
  for (const [key, value] of Object.entries(body)) {
    if (known && !known.has(key)) extra[key] = value;
    else lines.push(`    ${key}=${pythonLiteral(value, 4)},`);
  }
  if (Object.keys(extra).length > 0) lines.push(`    extra_body=${pythonLiteral(extra, 4)},`);
  return lines.join('\n');
}

const python: SdkDialect = {
  head: (baseURL) => [
    'import os',
    '',
    'from openai import OpenAI',
    '',
    `client = OpenAI(base_url=${JSON.stringify(baseURL)}, api_key=os.environ[${JSON.stringify(API_KEY_ENV)}])`,
    '',
  ],
  chatStream: (body) => [
    `stream = client.chat.completions.create(\n${kwargs(body, CHAT_KWARGS)}\n)`,
    'for chunk in stream:',
    '    if chunk.choices:',
    '        print(chunk.choices[0].delta.content or "", end="", flush=True)',
    'print()',
  ],
  chat: (body) => [
    `completion = client.chat.completions.create(\n${kwargs(body, CHAT_KWARGS)}\n)`,
    'print(completion.model_dump_json(indent=2))',
  ],
  models: () => ['for model in client.models.list():', '    print(model.id)'],
  model: (id) => [
    `model = client.models.retrieve(${JSON.stringify(id)})`,
    'print(model.model_dump_json(indent=2))',
  ],
  audio: (file, fields) => ({
    lines: [
      `with open(${JSON.stringify(file)}, "rb") as audio:`,
      `    result = client.audio.transcriptions.create(\n        file=audio,\n${fields.map((f) => `        ${f.name}=${JSON.stringify(f.value)},`).join('\n')}\n    )`,
      'print(result)',
    ],
  }),
  other: (path, body) => [
    `result = client.post(\n    ${JSON.stringify(path)},\n    body=${pythonLiteral(body, 4)},\n    cast_to=object,\n)`,
    'print(result)',
  ],
};

/** The request with the `openai` Python package, `base_url` set, the key from the environment. */
export function toPython(request: CodeRequest): string {
  return sdkScript(request, python);
}
