/**
 * `npm run bench`: every benchmark, each printing its figures next to a baseline measured in the same
 * run. There is no pass or fail on time here; the figures go into the issue notes.
 */
import { runChatRenderBench } from './chat-render.bench';
import { runCompareRenderBench } from './compare-render.bench';
import { runDecoderBench } from './decoder.bench';
import { runExperimentsBench } from './experiments.bench';
import { runExperimentsHostileBench } from './experiments-hostile.bench';
import { runExperimentsMatrixBench } from './experiments-matrix.bench';
import { runFirstLoadBench } from './first-load.bench';
import { runHostileBench } from './hostile.bench';
import { runMarkdownHostileBench } from './markdown-hostile.bench';
import { runMediaBench } from './media.bench';
import { runPageHostileBench } from './page-hostile.bench';
import { runServerBench } from './server.bench';

const suites: [string, () => Promise<string[]>][] = [
  ['stream decoder', runDecoderBench],
  ['local service', runServerBench],
  ['hostile requests', runHostileBench],
  ['hostile markdown', runMarkdownHostileBench],
  ['local media engines', runMediaBench],
  ['first load over the wire', runFirstLoadBench],
  ['chat rendering in Chromium', runChatRenderBench],
  ['compare rendering in Chromium', runCompareRenderBench],
  ['hostile data in the chat page', runPageHostileBench],
  ['experiments', runExperimentsBench],
  ['experiments matrix in Chromium', runExperimentsMatrixBench],
  ['hostile input in the experiments page', runExperimentsHostileBench],
];

const only = process.argv.slice(2);
let failed = false;
for (const [name, run] of suites) {
  if (only.length > 0 && !only.some((o) => name.includes(o))) continue;
  console.log(`\n## ${name}`);
  try {
    for (const line of await run()) console.log(line);
  } catch (error) {
    failed = true;
    console.error(`${name} failed:`, error);
  }
}
process.exit(failed ? 1 : 0);
