import { describe, expect, it } from 'vitest';
import {
  datasetFitProblems,
  describeFileProblems,
  readExperimentFile,
  readExperimentValue,
  resolveDatasetPath,
  writeExperimentFile,
} from '../../../../src/lib/experiments/experiment-file';
import { readCsvDataset } from '../../../../src/lib/experiments/dataset';

const connection = { baseURL: 'http://127.0.0.1:8787/v1', apiKeyEnv: 'SVC_API_KEY' };

function valid(): Record<string, unknown> {
  return {
    version: 1,
    name: 'Capitals',
    template: {
      system: 'Answer with the city only.',
      fewShot: [
        { role: 'user', content: 'Capital of Peru?' },
        { role: 'assistant', content: 'Lima' },
      ],
      message: 'Capital of {{country}}?',
    },
    dataset: {
      rows: [
        { country: 'France', __expected: 'icontains:Paris' },
        { vars: { country: 'Italy' }, assert: [{ type: 'icontains', value: 'Rome' }] },
      ],
    },
    variants: [
      { label: 'cold', connection, model: 'svc-chat', parameters: { temperature: 0, max_tokens: 20 } },
      {
        label: 'tools',
        connection: { baseURL: 'http://127.0.0.1:8787' },
        model: 'svc-chat',
        tools: [
          { type: 'function', function: { name: 'lookup', parameters: { type: 'object', properties: {} } } },
        ],
        response_format: { type: 'json_object' },
      },
    ],
    checks: [
      { type: 'finish-reason', value: 'stop' },
      { type: 'latency', value: 30000, weight: 0 },
    ],
    repeats: 2,
    concurrency: 2,
    gates: { minPassRate: 0.5, minPassRatePerRow: 1 },
  };
}

function problemsOf(value: unknown): string[] {
  const read = readExperimentValue(value);
  return read.ok ? [] : describeFileProblems(read.problems);
}

describe('reading an experiment file', () => {
  it('reads a valid file, with defaults and the dialect tools imply', () => {
    const read = readExperimentFile(JSON.stringify(valid()));
    if (!read.ok) throw new Error(describeFileProblems(read.problems).join('\n'));
    const { experiment } = read;
    expect(experiment).toMatchObject({ name: 'Capitals', repeats: 2, concurrency: 2, stream: true });
    expect(experiment.variants[1]).toEqual({
      label: 'tools',
      connection: { baseURL: 'http://127.0.0.1:8787', dialect: 'tools' },
      model: 'svc-chat',
      parameters: { response_format: { type: 'json_object' } },
      functions: [{ name: 'lookup', parameters: { type: 'object', properties: {} } }],
    });
    expect(read.checks).toHaveLength(2);
    expect(read.dataset?.rows.map((r) => r.vars)).toEqual([{ country: 'France' }, { country: 'Italy' }]);
    expect(experiment.dataset).toMatchObject({ kind: 'inline' });
  });

  it('takes a dataset file by path, relative and inside the folder', () => {
    const withPath = (dataset: unknown) => readExperimentValue({ ...valid(), dataset });
    expect(withPath('cases.csv')).toMatchObject({
      ok: true,
      experiment: { dataset: { kind: 'file', path: 'cases.csv', format: 'csv' } },
    });
    expect(withPath({ path: 'data/cases.txt', format: 'jsonl' })).toMatchObject({
      ok: true,
      experiment: { dataset: { format: 'jsonl' } },
    });
    expect(problemsOf({ ...valid(), dataset: '/etc/passwd.csv' })).toEqual([
      'dataset: must be relative to the experiment file (no absolute path or URL)',
    ]);
    expect(problemsOf({ ...valid(), dataset: { path: '../../secrets.csv' } })).toEqual([
      "dataset.path: must stay inside the experiment file's folder (no '..')",
    ]);
    expect(problemsOf({ ...valid(), dataset: 'C:\\data\\a.csv' })).toHaveLength(1);
    expect(problemsOf({ ...valid(), dataset: 'cases.txt' })).toEqual([
      expect.stringMatching(/^dataset: the format must be "csv" or "jsonl"/),
    ]);
    expect(resolveDatasetPath('examples/experiment.json', 'cases.csv')).toBe('examples/cases.csv');
    expect(resolveDatasetPath('experiment.json', 'cases.csv')).toBe('cases.csv');
  });

  it('reports every problem with its path', () => {
    const file = valid();
    const variants = file.variants as Record<string, unknown>[];
    variants[1] = {
      ...variants[1],
      model: 3,
      label: 'cold',
      parameters: { temperature: 5, stream: true, colour: 'red' },
    };
    file.checks = [{ type: 'contains' }];
    file.repeats = 0;
    file.template = { message: '' };
    expect(problemsOf(file)).toEqual([
      'template.message: must not be empty',
      'variants[1].model: must be a string, found number 3',
      expect.stringMatching(/^variants\[1\]\.parameters\.colour: is not a known field/),
      'variants[1].parameters.stream: is not set here: it is the experiment\'s "stream"',
      "variants[1].parameters.temperature: 'temperature' must be from 0 to 2; 5 is out of range.",
      'checks[0].value: must be a string',
      'repeats: must be a whole number from 1 to 100, found number 0',
    ]);
  });

  it('refuses a key in the file, saying to use an environment variable', () => {
    const file = valid();
    (file.variants as Record<string, unknown>[])[0] = {
      label: 'x',
      model: 'm',
      connection: { baseURL: 'http://h/v1', apiKey: 'sk-secret' },
    };
    const problems = problemsOf(file);
    expect(problems).toEqual([
      'variants[0].connection.apiKey: is refused: an experiment file never holds a key: put it in an environment variable and name the variable in "apiKeyEnv" (for example "apiKeyEnv": "OPENAI_API_KEY")',
    ]);
    expect(problemsOf({ ...valid(), api_key: 'x' })).toEqual([expect.stringMatching(/^api_key: is refused/)]);
    const inUrl = valid();
    (inUrl.variants as Record<string, unknown>[])[0] = {
      label: 'x',
      model: 'm',
      connection: { baseURL: 'http://user:pw@h/v1' },
    };
    expect(problemsOf(inUrl)).toEqual([
      expect.stringMatching(/^variants\[0\]\.connection\.baseURL: must not hold credentials/),
    ]);
    const keyAsEnv = valid();
    (keyAsEnv.variants as Record<string, unknown>[])[0] = {
      label: 'x',
      model: 'm',
      connection: { baseURL: 'http://h', apiKeyEnv: 'sk-abc123' },
    };
    expect(problemsOf(keyAsEnv)).toEqual([
      expect.stringMatching(
        /^variants\[0\]\.connection\.apiKeyEnv: must be the NAME of an environment variable/,
      ),
    ]);
  });

  it('refuses more than 8 variants, repeated labels and gates for unknown labels', () => {
    const variant = { label: 'v', connection, model: 'm' };
    expect(
      problemsOf({
        ...valid(),
        variants: Array.from({ length: 9 }, (_, i) => ({ ...variant, label: `v${i}` })),
      }),
    ).toEqual(['variants: must be an array of 1 to 8 variants, found 9']);
    expect(
      problemsOf({ ...valid(), variants: [variant, variant], gates: { minPassRatePerVariant: { w: 1 } } }),
    ).toEqual([
      'variants[1].label: repeats the label of variants[0]; each variant needs its own',
      'gates.minPassRatePerVariant.w: is not a known field (v)',
    ]);
    expect(
      readExperimentValue({ ...valid(), gates: { minPassRatePerVariant: { cold: 0.9 } } }),
    ).toMatchObject({
      ok: true,
      experiment: { gates: { minPassRatePerVariant: { cold: 0.9 } } },
    });
    expect(problemsOf({ ...valid(), gates: { minPassRate: 90 } })).toEqual([
      'gates.minPassRate: must be a share from 0 to 1 (0.9 for 90%), found number 90',
    ]);
  });

  it('checks functions, the judge and what the dataset lacks', () => {
    const file = valid();
    (file.variants as Record<string, unknown>[])[0] = {
      label: 'f',
      connection,
      model: 'm',
      functions: [{ name: 'bad name!', parameters: { type: 'array' } }],
    };
    file.checks = [{ type: 'llm-rubric', value: 'polite' }];
    file.template = { message: '{{country}} {{city}}' };
    expect(problemsOf(file)).toEqual([
      expect.stringMatching(/^variants\[0\]\.functions\[0\]\.name: 'bad name!' may only hold/),
      'variants[0].functions[0].parameters.type: must be "object": arguments are an object',
      'dataset: the template names {{city}}, which no column of the dataset gives (it has country)',
      'judge: is missing: an llm-rubric check needs a judge ({"connection", "model"})',
    ]);
  });

  it('refuses what it would otherwise drop unsent: a tool\'s "strict"', () => {
    const file = valid();
    (file.variants as Record<string, unknown>[])[1] = {
      label: 'tools',
      connection,
      model: 'm',
      tools: [{ type: 'function', function: { name: 'lookup', strict: true } }],
    };
    expect(problemsOf(file)).toEqual([
      expect.stringMatching(/^variants\[1\]\.tools\[0\]\.function\.strict: is not a known field/),
    ]);
  });

  it('says what is wrong with the JSON itself, or a version it does not read', () => {
    expect(readExperimentFile('{"name": ')).toMatchObject({
      ok: false,
      problems: [{ path: '', message: expect.stringMatching(/^is not valid JSON/) }],
    });
    expect(problemsOf([])).toEqual(['(the file): must be an object, found an array']);
    expect(problemsOf({ ...valid(), version: 2 })).toEqual([
      'version: is 2, newer than this playground reads (1); update the playground',
    ]);
  });
});

describe('writing an experiment file', () => {
  it("writes what reads back the same, without the page's connection ids", () => {
    const read = readExperimentValue(valid());
    if (!read.ok) throw new Error('expected a valid file');
    const experiment = read.experiment;
    const withPage = {
      ...experiment,
      variants: experiment.variants.map((v) => ({
        ...v,
        connection: { ...v.connection, connectionId: 'saved-1' },
      })),
    };
    const text = writeExperimentFile(withPage);
    expect(text).not.toContain('saved-1');
    const again = readExperimentFile(text);
    expect(again.ok && again.experiment).toEqual(experiment);
  });
});

describe('a dataset file against the experiment', () => {
  it('names the variables no column gives, and row rubrics without a judge', () => {
    const read = readCsvDataset('country,__expected\nFrance,llm-rubric:names Paris');
    if (!read.ok) throw new Error('expected a dataset');
    expect(
      datasetFitProblems({ system: '{{tone}}', fewShot: [], message: '{{country}}' }, read.dataset, false),
    ).toEqual([
      'the template names {{tone}}, which no column of the dataset gives (it has country)',
      'a row has an llm-rubric check, and the experiment has no judge ({"connection", "model"})',
    ]);
  });
});
