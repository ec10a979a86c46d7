/** The example under examples/ is what the README and the headless run's test use: it must read. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildCellRequest } from '../../../../src/lib/experiments/cell-request';
import { readDataset } from '../../../../src/lib/experiments/dataset';
import {
  datasetFitProblems,
  describeFileProblems,
  readExperimentFile,
  resolveDatasetPath,
} from '../../../../src/lib/experiments/experiment-file';
import { planCells } from '../../../../src/lib/experiments/plan';

const FILE = 'examples/experiment.json';

describe('examples/experiment.json', () => {
  it('reads, with its CSV of 20 rows, into 80 cells whose requests build', () => {
    const read = readExperimentFile(readFileSync(FILE, 'utf8'));
    if (!read.ok) throw new Error(describeFileProblems(read.problems).join('\n'));
    const { experiment } = read;
    expect(experiment.dataset).toEqual({ kind: 'file', path: 'capitals.csv', format: 'csv' });
    if (experiment.dataset.kind !== 'file') return;
    const csv = readFileSync(resolveDatasetPath(FILE, experiment.dataset.path), 'utf8');
    const dataset = readDataset(csv, experiment.dataset.format);
    if (!dataset.ok) throw new Error(dataset.errors[0]!.message);
    expect(dataset.dataset.rows).toHaveLength(20);
    expect(datasetFitProblems(experiment.template, dataset.dataset, false)).toEqual([]);
    const plan = planCells(dataset.dataset.rows, experiment.variants, experiment.repeats);
    expect(plan.ok && plan.cells).toHaveLength(80);
    const request = buildCellRequest(
      experiment.template,
      dataset.dataset.rows[0]!,
      experiment.variants[0]!,
      true,
    );
    expect(request.ok && request.body.messages.at(-1)).toEqual({
      role: 'user',
      content: 'What is the capital of France? Answer in French.',
    });
    expect(JSON.stringify(experiment)).not.toMatch(/apiKey"/);
  });
});
