import { API_KEY_ENV, type CodeRequest } from './code-request';
import { sdkScript, type SdkDialect } from './sdk-script';

function literal(value: unknown): string {
  return JSON.stringify(value, null, 2);
}

const typescript: SdkDialect = {
  head: (baseURL) => [
    "import OpenAI from 'openai';",
    '',
    `const client = new OpenAI({ baseURL: ${JSON.stringify(baseURL)}, apiKey: process.env.${API_KEY_ENV} });`,
    '',
  ],
  chatStream: (body) => [
    `const stream = await client.chat.completions.create(${literal(body)});`,
    'for await (const chunk of stream) {',
    "  process.stdout.write(chunk.choices[0]?.delta?.content ?? '');",
    '}',
    "process.stdout.write('\\n');",
  ],
  chat: (body) => [
    `const completion = await client.chat.completions.create(${literal(body)});`,
    'console.log(JSON.stringify(completion, null, 2));',
  ],
  models: () => ['for await (const model of client.models.list()) console.log(model.id);'],
  model: (id) => [
    `const model = await client.models.retrieve(${JSON.stringify(id)});`,
    'console.log(JSON.stringify(model, null, 2));',
  ],
  audio: (file, fields) => ({
    imports: ["import fs from 'node:fs';"],
    lines: [
      `const result = await client.audio.transcriptions.create({\n  file: fs.createReadStream(${JSON.stringify(file)}),\n${fields.map((f) => `  ${f.name}: ${JSON.stringify(f.value)},`).join('\n')}\n} as never);`,
      'console.log(result);',
    ],
  }),
  other: (path, body) => [
    `const result = await client.post(${JSON.stringify(path)}, { body: ${literal(body)} });`,
    'console.log(JSON.stringify(result, null, 2));',
  ],
};

/**
 * The request with the `openai` npm package (`baseURL`, key from `process.env`), as an ES module
 * that runs with `npx tsx file.mts`.
 */
export function toTypeScript(request: CodeRequest): string {
  return sdkScript(request, typescript);
}
