import { render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Markdown } from '../../../src/components/markdown';
import { markdownRenderer } from '../../../src/components/markdown/markdown-renderer';
import { blocksParsed } from './blocks-parsed';

// The slices are what is measured here, not the renderer's first fetch. (Not returned: vitest would
// call the loaded parse function as the hook's teardown.)
beforeAll(async () => {
  await markdownRenderer.load();
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** A clock where every reading is 5 ms after the one before: each block's parse "takes" time. */
function slowClock() {
  let t = performance.now() + 1000;
  vi.spyOn(performance, 'now').mockImplementation(() => (t += 5));
}

const REPLY = Array.from({ length: 30 }, (_, i) => `## Heading ${i}\n\nParagraph **${i}**.`).join('\n\n');

describe('Markdown parsing in slices of main-thread time', () => {
  it('shows the blocks past a task’s slice as their plain words, then parses them in later tasks', async () => {
    slowClock();
    const { container } = render(<Markdown text={REPLY} />);
    const pending = [...container.querySelectorAll('[data-md-pending]')];
    // Some blocks were parsed in the first task, not all of them: the slice ran out.
    expect(container.querySelectorAll('h2').length).toBeGreaterThan(0);
    expect(pending.length).toBeGreaterThan(10);
    // A waiting block keeps its words, as written.
    expect(pending.at(-1)?.textContent).toBe('Paragraph **29**.');
    await blocksParsed(container);
    expect(container.querySelectorAll('h2')).toHaveLength(30);
    expect(container.querySelectorAll('strong')).toHaveLength(30);
    expect(container.textContent).not.toContain('**');
  });

  it('keeps showing a growing tail’s last parse, marked, until its turn comes', async () => {
    const blocks = (word: string) => Array.from({ length: 20 }, (_, i) => `${word} ${i}.`).join('\n\n');
    const { container, rerender } = render(
      <Markdown text={`${blocks('Block')}\n\nThe tail **so far**`} streaming />,
    );
    await blocksParsed(container);
    slowClock();
    // The blocks before the tail change too and spend this task's slice: the grown tail must wait.
    rerender(<Markdown text={`${blocks('Edited')}\n\nThe tail **so far** and more`} streaming />);
    const marker = container.querySelector('.md-body')!.lastElementChild!;
    expect(marker).toHaveAttribute('data-md-pending');
    const tail = marker.previousElementSibling!;
    // Its previous parse, not plain text: no flash of asterisks in a reply being read.
    expect(tail.querySelector('strong')).toHaveTextContent('so far');
    expect(tail).toHaveTextContent(/^The tail so far$/);
    await blocksParsed(container);
    // The same element, updated in place: a block that waits is never remounted.
    expect(container.querySelector('.md-body')!.lastElementChild).toBe(tail);
    expect(tail).toHaveTextContent('The tail so far and more');
  });
});
