import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown } from '../../../src/components/markdown';
import { blocksParsed, renderParsed } from './blocks-parsed';
import { HOSTILE_PAYLOADS } from './xss-payloads';

const ACTIVE_ELEMENTS =
  'script, iframe, object, embed, svg, math, style, form, img, base, link, meta, frame, frameset';
const URL_ATTRIBUTES = [
  'href',
  'src',
  'action',
  'formaction',
  'xlink:href',
  'srcdoc',
  'data',
  'poster',
  'background',
];

/** Every way the container could hold active content; returns a description of each finding. */
function activeContent(container: HTMLElement): string[] {
  const findings: string[] = [];
  for (const el of container.querySelectorAll(ACTIVE_ELEMENTS))
    findings.push(`element <${el.tagName.toLowerCase()}>`);
  for (const el of container.querySelectorAll('*')) {
    for (const attr of el.attributes) {
      if (/^on/i.test(attr.name)) findings.push(`attribute ${attr.name} on <${el.tagName.toLowerCase()}>`);
      if (attr.name === 'style') findings.push(`style attribute on <${el.tagName.toLowerCase()}>`);
      if (URL_ATTRIBUTES.includes(attr.name.toLowerCase())) {
        // eslint-disable-next-line no-control-regex -- browsers ignore these characters in URLs
        const compact = attr.value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase();
        const scheme = /^([^/?#]*?):/.exec(compact)?.[1];
        if (attr.name !== 'href' || (scheme !== undefined && !['http', 'https', 'mailto'].includes(scheme))) {
          findings.push(`${attr.name}="${attr.value}" on <${el.tagName.toLowerCase()}>`);
        }
      }
    }
  }
  return findings;
}

describe('Markdown renders hostile model output inert', () => {
  it('has at least 30 payloads', () => {
    expect(HOSTILE_PAYLOADS.length).toBeGreaterThanOrEqual(30);
  });

  it('uses a checker that does find active content when it is there', () => {
    const div = document.createElement('div');
    div.innerHTML =
      '<a href="java\tscript:x">a</a><a href="https://ok.example">b</a><p onclick="x">c</p><svg></svg><img src="x">';
    expect(activeContent(div)).toEqual([
      'element <svg>',
      'element <img>',
      'href="java\tscript:x" on <a>',
      'attribute onclick on <p>',
      'src="x" on <img>',
    ]);
  });

  it.each(HOSTILE_PAYLOADS.map((p) => [p]))('neutralises %j', async (payload) => {
    const { container } = await renderParsed(<Markdown text={payload} />);
    expect(activeContent(container)).toEqual([]);
  });

  it('neutralises every payload inside one long streamed reply as well', async () => {
    const all = HOSTILE_PAYLOADS.join('\n\n');
    const { container, rerender } = render(<Markdown text="" streaming />);
    for (let end = 0; end <= all.length; end += 211)
      rerender(<Markdown text={all.slice(0, end)} streaming />);
    rerender(<Markdown text={all} />);
    await blocksParsed(container);
    expect(activeContent(container)).toEqual([]);
  }, 30_000); // many full renders: slow when the machine is busy, not a timing assertion

  it('shows raw HTML as text rather than dropping it', async () => {
    const { container } = await renderParsed(<Markdown text="<script>alert(1)</script>" />);
    expect(container.textContent).toContain('<script>alert(1)</script>');
  });

  it('keeps the text of a link whose protocol was refused, without a link', async () => {
    const { container } = await renderParsed(<Markdown text="[click me](javascript:alert(1))" />);
    expect(container.querySelector('a')).toBeNull();
    expect(container.textContent).toBe('click me');
  });

  it('renders images as a deliberate link and never as an <img>', async () => {
    const { container } = await renderParsed(
      <Markdown text="![a cat](https://img.example/cat.png) ![inline](data:image/png;base64,AAAA)" />,
    );
    expect(container.querySelector('img')).toBeNull();
    const link = container.querySelector('a');
    expect(link).toHaveTextContent('image: a cat');
    expect(link).toHaveAttribute('href', 'https://img.example/cat.png');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(container.textContent).toContain('image: inline');
    expect(container.querySelectorAll('a')).toHaveLength(1);
  });
});

describe('Markdown links', () => {
  it('open in a new tab without opener, referrer or endorsement', async () => {
    const { container } = await renderParsed(
      <Markdown text="[site](https://example.com) <https://auto.example> mail@example.com [rel](./docs/page)" />,
    );
    const links = [...container.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      'https://example.com',
      'https://auto.example',
      'mailto:mail@example.com',
      './docs/page',
    ]);
    for (const a of links) {
      expect(a).toHaveAttribute('target', '_blank');
      expect(a).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    }
  });

  it('keeps in-page anchors in the same tab', async () => {
    const { container } = await renderParsed(<Markdown text="[top](#top)" />);
    expect(container.querySelector('a')).toHaveAttribute('href', '#top');
    expect(container.querySelector('a')).not.toHaveAttribute('target');
  });
});
