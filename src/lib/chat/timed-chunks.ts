import { mainThreadSlices, type TaskSlices } from '../task-slices';
import type { TaskClock } from './metrics';

/**
 * Each chunk of a stream with its arrival time, read in slices of main-thread time: a backlog (a
 * fast server, a busy page) is folded over several tasks, never in one long one. Chunks read after
 * a pause of ours keep the time of the read they came in, so the pause does not count as a gap.
 */
export async function* timedChunks<T>(
  chunks: AsyncIterable<T>,
  clock: TaskClock,
  slices: TaskSlices = mainThreadSlices,
): AsyncGenerator<[T, number], void, undefined> {
  for await (const chunk of chunks) {
    const at = clock();
    yield [chunk, at];
    if (!slices.begin()) {
      await new Promise<void>((resolve) => slices.whenNext(resolve));
      clock.carry(at);
    }
  }
}
