/** Reads the experiment file and its dataset from disk, or says every problem with where it is. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { readDataset, type Dataset } from '../src/lib/experiments/dataset';
import { describeDatasetError } from '../src/lib/experiments/dataset-limits';
import {
  datasetFitProblems,
  describeFileProblems,
  readExperimentFile,
  resolveDatasetPath,
} from '../src/lib/experiments/experiment-file';
import type { PreparedCheck } from '../src/lib/experiments/checks/types';
import type { Experiment, ExperimentConnection } from '../src/lib/experiments/experiment';

export interface LoadedExperiment {
  experiment: Experiment;
  checks: PreparedCheck[];
  dataset: Dataset;
}

async function readText(file: string, what: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    throw new Error(`cannot read ${what} ${file}: ${(error as Error).message}`);
  }
}

/** The experiment, its checks and rows; throws an Error whose message lists what to fix. */
export async function loadExperiment(file: string): Promise<LoadedExperiment> {
  const read = readExperimentFile(await readText(file, 'the experiment file'));
  if (!read.ok)
    throw new Error(
      `${file} has problems:\n${describeFileProblems(read.problems)
        .map((l) => `  ${l}`)
        .join('\n')}`,
    );
  const { experiment, checks } = read;
  let dataset = read.dataset;
  if (experiment.dataset.kind === 'file') {
    const datasetFile = resolveDatasetPath(path.resolve(file), experiment.dataset.path);
    const rows = readDataset(await readText(datasetFile, 'the dataset'), experiment.dataset.format);
    if (!rows.ok)
      throw new Error(
        `${datasetFile} has problems:\n${rows.errors.map((e) => `  ${describeDatasetError(e)}`).join('\n')}`,
      );
    dataset = rows.dataset;
    const misfits = datasetFitProblems(experiment.template, dataset, experiment.judge !== undefined);
    if (misfits.length > 0) throw new Error(`${datasetFile}: ${misfits.join('; ')}`);
  }
  if (!dataset) throw new Error(`${file}: the experiment has no rows`);
  return { experiment, checks, dataset };
}

/** The experiment with every connection sent to `baseURL` (`--base-url`). */
export function withBaseURL(experiment: Experiment, baseURL: string): Experiment {
  const moved = (c: ExperimentConnection): ExperimentConnection => ({ ...c, baseURL });
  return {
    ...experiment,
    variants: experiment.variants.map((v) => ({ ...v, connection: moved(v.connection) })),
    ...(experiment.judge
      ? { judge: { ...experiment.judge, connection: moved(experiment.judge.connection) } }
      : {}),
  };
}
