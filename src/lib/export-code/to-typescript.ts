import { API_KEY_ENV, jsonBody, splitURL, type CodeRequest } from './code-request';

function literal(value: unknown): string {
  return JSON.stringify(value, null, 2);
}

/**
 * The request with the `openai` npm package (`baseURL`, key from `process.env`), as an ES module
 * that runs with `npx tsx file.mts`.
 */
export function toTypeScript(request: CodeRequest): string {
  const split = splitURL(request.url);
  const head = [
    "import OpenAI from 'openai';",
    '',
    `const client = new OpenAI({ baseURL: ${JSON.stringify(split.baseURL)}, apiKey: process.env.${API_KEY_ENV} });`,
    '',
  ];
  const body = jsonBody(request) ?? {};
  switch (split.kind) {
    case 'chat':
      if (body.stream === true)
        return [
          ...head,
          `const stream = await client.chat.completions.create(${literal(body)});`,
          'for await (const chunk of stream) {',
          "  process.stdout.write(chunk.choices[0]?.delta?.content ?? '');",
          '}',
          "process.stdout.write('\\n');",
        ].join('\n');
      return [
        ...head,
        `const completion = await client.chat.completions.create(${literal(body)});`,
        'console.log(JSON.stringify(completion, null, 2));',
      ].join('\n');
    case 'models':
      return [...head, 'for await (const model of client.models.list()) console.log(model.id);'].join('\n');
    case 'model':
      return [
        ...head,
        `const model = await client.models.retrieve(${JSON.stringify(split.modelId ?? '')});`,
        'console.log(JSON.stringify(model, null, 2));',
      ].join('\n');
    case 'audio': {
      const fields = request.body.kind === 'form' ? request.body.fields : [];
      const file = fields.find((f) => f.file)?.file?.name ?? 'audio.wav';
      const args = fields.filter((f) => !f.file).map((f) => `  ${f.name}: ${JSON.stringify(f.value ?? '')},`);
      return [
        "import fs from 'node:fs';",
        ...head,
        `const result = await client.audio.transcriptions.create({\n  file: fs.createReadStream(${JSON.stringify(file)}),\n${args.join('\n')}\n} as never);`,
        'console.log(result);',
      ].join('\n');
    }
    default:
      // Endpoints the SDK has no method for are reached with its generic request method.
      return [
        ...head,
        `const result = await client.post(${JSON.stringify(split.path)}, { body: ${literal(body)} });`,
        'console.log(JSON.stringify(result, null, 2));',
      ].join('\n');
  }
}
