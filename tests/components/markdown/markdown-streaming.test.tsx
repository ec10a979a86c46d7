import { render } from '@testing-library/react';
import ReactMarkdown from 'react-markdown';
import rehypeHighlight from 'rehype-highlight';
import remarkGfm from 'remark-gfm';
import { describe, expect, it } from 'vitest';
import { Markdown } from '../../../src/components/markdown';
import { languagesSettled } from '../../../src/components/markdown/highlight-languages';
import { blocksParsed } from './blocks-parsed';
import { MARKDOWN_SAMPLES } from './markdown-samples';

/** The DOM without the newline text nodes a whole-document parse puts between top-level blocks. */
function normalised(root: Element): string {
  const clone = root.cloneNode(true) as Element;
  for (const node of [...clone.childNodes])
    if (node.nodeType === 3 && node.textContent?.trim() === '') node.remove();
  return clone.innerHTML;
}

describe('Markdown block rendering', () => {
  it.each(Object.entries(MARKDOWN_SAMPLES))(
    'renders %s like one whole-document parse',
    async (_name, text) => {
      // Grammars load when a fence names them: rendered once and settled, ours highlights as the
      // reference (which carries the common grammars) does.
      const warm = render(<Markdown text={text} />);
      await blocksParsed(warm.container);
      warm.unmount();
      await languagesSettled();
      // The reference renders the element overrides' content the simplest way: same plugins, one parse.
      const reference = render(
        <ReactMarkdown remarkPlugins={[remarkGfm]} rehypePlugins={[[rehypeHighlight, { detect: false }]]}>
          {text}
        </ReactMarkdown>,
      );
      const referenceHtml = normalised(reference.container);
      reference.unmount();
      const { container } = render(<Markdown text={text} />);
      await blocksParsed(container);
      const ours = container.firstElementChild!.cloneNode(true) as Element;
      // Undo our element overrides so both sides are comparable: code-block chrome and link attributes.
      for (const wrapper of ours.querySelectorAll('.md-code-block'))
        wrapper.replaceWith(wrapper.querySelector('pre')!);
      for (const pre of ours.querySelectorAll('pre')) pre.removeAttribute('class');
      for (const a of ours.querySelectorAll('a')) {
        a.removeAttribute('target');
        a.removeAttribute('rel');
      }
      expect(normalised(ours)).toBe(referenceHtml);
    },
  );

  it('renders a streamed reply to the same final DOM as the whole reply', async () => {
    const text = Object.values(MARKDOWN_SAMPLES).join('\n\n');
    const whole = render(<Markdown text={text} />);
    await blocksParsed(whole.container);
    await languagesSettled();
    await blocksParsed(whole.container);
    const wholeHtml = whole.container.innerHTML;
    whole.unmount();
    const { container, rerender } = render(<Markdown text="" streaming />);
    for (let end = 1; end < text.length; end += 37)
      rerender(<Markdown text={text.slice(0, end)} streaming />);
    rerender(<Markdown text={text} />);
    await blocksParsed(container);
    expect(container.innerHTML).toBe(wholeHtml);
  }, 30_000); // many full renders: slow when the machine is busy, not a timing assertion

  it('re-renders only the growing tail while streaming', async () => {
    const first = '# Done block\n\nStable paragraph.\n\nGrowing';
    const { container, rerender } = render(<Markdown text={first} streaming />);
    await blocksParsed(container);
    const stableBefore = container.querySelector('p');
    rerender(<Markdown text={`${first} tail text`} streaming />);
    await blocksParsed(container);
    // React keeps the very same DOM node for a block whose source did not change.
    expect(container.querySelector('p')).toBe(stableBefore);
    expect(container.textContent).toContain('Growing tail text');
    expect(container.firstElementChild).toHaveAttribute('aria-busy', 'true');
  });
});
