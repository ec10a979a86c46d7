import { describe, expect, it } from 'vitest';
import { Markdown } from '../../../src/components/markdown';
import { nestedLink } from '../../unit/markdown/hostile-markdown';
import { renderParsed } from './blocks-parsed';

describe('Markdown given a reply past the parser’s limits', () => {
  it('shows the nested block as its own words with a note, and the blocks around it formatted', async () => {
    const text = `Before **bold**.\n\n${nestedLink()}\n\nAfter *emphasis*.`;
    const { container } = await renderParsed(<Markdown text={text} />);
    const plain = container.querySelectorAll('[data-md-plain]');
    expect(plain).toHaveLength(1);
    expect(plain[0]?.querySelector('[role="note"]')?.textContent).toBe(
      'Shown as plain text: brackets nested more than 32 levels deep.',
    );
    expect(plain[0]?.querySelector('pre')?.textContent).toBe(nestedLink());
    expect(container.querySelector('strong')?.textContent).toBe('bold');
    expect(container.querySelector('em')?.textContent).toBe('emphasis');
  });

  it('shows a never-closed fence of a megabyte in plain pieces, every character kept', async () => {
    const body = 'a line of code\n'.repeat(70_000);
    const { container } = await renderParsed(<Markdown text={`Intro\n\n\`\`\`\n${body}`} />);
    const pieces = [...container.querySelectorAll('[data-md-plain] pre')];
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.map((p) => p.textContent).join('\n')).toBe(`\`\`\`\n${body}`);
    expect(container.querySelector('p')?.textContent).toBe('Intro');
  });
});
