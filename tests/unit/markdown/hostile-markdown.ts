/**
 * Replies a hostile server or shared conversation can deliver, each aimed at a path of the markdown
 * pipeline that used to grow faster than its input (issue 26). Shared by the tests and the bench.
 */
import { ORDINARY_REPLY } from './ordinary-reply';

/** `count` link definitions, each its own block, each used by the block after it. */
export function manyDefinitions(count: number): string {
  return Array.from({ length: count }, (_, i) => `[l${i}]: https://e.example/${i}\n\nsee [l${i}]`).join(
    '\n\n',
  );
}

/** The 4.6 KB link: quotes, brackets and emphasis nested hundreds of levels deep. */
export function nestedLink(depth = 850): string {
  const emphasis = Math.round(depth * 0.6);
  return (
    `${'>'.repeat(depth)} ${'['.repeat(depth)}${'*_'.repeat(emphasis)}x${'_*'.repeat(emphasis)}` +
    `${']'.repeat(depth)}(https://e.example/nested)`
  );
}

/** Ordinary replies repeated to about `size` characters: the baseline a hostile input is compared with. */
export function ordinaryOfSize(size: number): string {
  const copies = Math.max(1, Math.round(size / ORDINARY_REPLY.length));
  return Array.from({ length: copies }, () => ORDINARY_REPLY).join('\n\n');
}

/** Smaller shapes, one per limit, each past it. */
export const PAST_THE_LIMITS: Record<string, string> = {
  'brackets 40 deep': `${'['.repeat(40)}a${']'.repeat(40)}`,
  'images 40 deep': `${'!['.repeat(40)}a${'](x)'.repeat(40)}`,
  'quotes 40 deep': `${'>'.repeat(40)} a`,
  'list items 40 deep on one line': `${'- '.repeat(40)}a`,
  'list items 40 deep by indentation': Array.from({ length: 40 }, (_, i) => `${'  '.repeat(i)}- a`).join(
    '\n',
  ),
  'emphasis 40 deep': `${'*a '.repeat(40)}b${' a*'.repeat(40)}`,
  '3,000 closing stars': 'a* '.repeat(3_000),
  '2,500 links in a paragraph': '[a](b) '.repeat(2_500),
  'one run of 3,000 stars': `${'*'.repeat(3_000)}a${'*'.repeat(3_000)}`,
  'the nested link': nestedLink(),
};
