/**
 * Past its first GROUP_FROM blocks, a reply's small blocks are parsed and drawn in runs of up to
 * GROUP_SIZE, so that a reply of a hundred thousand tiny blocks ("a\n\nb\n\n…", 300 KB) is a few
 * thousand components, not a hundred thousand (each with its own place on screen to watch). Blocks
 * joined with a blank line parse as they do apart (split-blocks.ts keeps that true). A run is taken
 * by index, so earlier runs stay the same as a stream adds blocks. No ordinary reply has this many
 * blocks: a 16,000-token one has a few hundred.
 */
const GROUP_FROM = 1_000;
const GROUP_SIZE = 50;
/** Larger blocks stay alone (a run stays far below the size limit: 50 × 256 characters). */
const SMALL = 256;

export function groupBlocks(blocks: string[], plain: boolean[]): { blocks: string[]; plain: boolean[] } {
  if (blocks.length <= GROUP_FROM) return { blocks, plain };
  const grouped = blocks.slice(0, GROUP_FROM);
  const groupedPlain = plain.slice(0, GROUP_FROM);
  let run: string[] = [];
  const endRun = () => {
    if (run.length === 0) return;
    grouped.push(run.join('\n\n'));
    groupedPlain.push(false);
    run = [];
  };
  for (let index = GROUP_FROM; index < blocks.length; index++) {
    if ((index - GROUP_FROM) % GROUP_SIZE === 0) endRun();
    const block = blocks[index]!;
    if (plain[index] || block.length > SMALL) {
      endRun();
      grouped.push(block);
      groupedPlain.push(plain[index] ?? false);
    } else {
      run.push(block);
    }
  }
  endRun();
  return { blocks: grouped, plain: groupedPlain };
}
