import { act, render, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Markdown } from '../../../src/components/markdown';
import { markdownRenderer } from '../../../src/components/markdown/markdown-renderer';

/**
 * An IntersectionObserver the test drives: `report` says which blocks are near the screen now. The
 * shared observer of use-near-viewport is created at the first observe, so it is installed first.
 */
const observed = new Set<Element>();
let notify: ((records: Partial<IntersectionObserverEntry>[]) => void) | null = null;
class TestObserver {
  constructor(callback: (records: Partial<IntersectionObserverEntry>[]) => void) {
    notify = callback;
  }
  observe(element: Element) {
    observed.add(element);
  }
  unobserve(element: Element) {
    observed.delete(element);
  }
  disconnect() {
    observed.clear();
  }
}

/** Reports `elements` near the screen or not; near ones on the screen itself, or only within the margin. */
function report(elements: Element[], near: boolean, onScreen = near) {
  // In the window, or well above it.
  const box = { top: onScreen ? 10 : -5000, bottom: onScreen ? 40 : -4970 } as DOMRectReadOnly;
  act(() =>
    notify?.(
      elements
        .filter((e) => observed.has(e))
        .map((target) => ({ target, isIntersecting: near, boundingClientRect: box })),
    ),
  );
}

/** Idle callbacks are held until the test lets them run. */
const idle: (() => void)[] = [];
function runIdle() {
  act(() => {
    for (const run of idle.splice(0)) run();
  });
}

beforeAll(async () => {
  vi.stubGlobal('IntersectionObserver', TestObserver);
  vi.stubGlobal('requestIdleCallback', (run: (deadline: IdleDeadline) => void) => {
    idle.push(() => run({ didTimeout: false, timeRemaining: () => 10 }));
    return idle.length;
  });
  vi.stubGlobal('cancelIdleCallback', () => undefined);
  await markdownRenderer.load();
});

afterAll(() => vi.unstubAllGlobals());

const REPLY = Array.from({ length: 24 }, (_, i) => `Paragraph **${i}**.`).join('\n\n');

/** The top-level element of each block, in order (a parsed block is a <p>, a waiting one a <div>). */
const blockElements = (container: Element) => [...container.querySelector('.md-body')!.children];
const parsedCount = (elements: Element[]) => elements.filter((e) => e.querySelector('strong')).length;

describe('Markdown blocks and the screen', () => {
  it('parses the blocks near the screen now first; those it left behind wait for an idle moment', async () => {
    // Every clock reading 5 ms after the last: a task's slice has room for a few blocks only.
    let t = performance.now() + 1000;
    vi.spyOn(performance, 'now').mockImplementation(() => (t += 5));
    const { container } = render(<Markdown text={REPLY} streaming />);
    // Nothing has been reported near yet: only the last blocks (where a stream grows) are parsed.
    await waitFor(() => expect(parsedCount(blockElements(container).slice(-3))).toBe(3));
    expect(parsedCount(blockElements(container).slice(0, 21))).toBe(0);

    // All blocks were near once (a stream scrolled past them), then the first 16 left the screen
    // before their turn came.
    const early = blockElements(container).slice(0, 16);
    const onScreen = blockElements(container).slice(16, 21);
    report(early, true, false);
    report(onScreen, true);
    report(early, false);
    // What is near now is parsed without waiting for the page to be idle…
    await waitFor(() => expect(parsedCount(blockElements(container).slice(16))).toBe(8));
    // …and what was left behind is not, while the page is busy: it never delays what is on screen.
    const leftBehind = blockElements(container)
      .slice(0, 16)
      .filter((e) => e.hasAttribute('data-md-pending'));
    expect(leftBehind.length).toBeGreaterThan(8);

    // Once the page is idle the rest are parsed too, a few per idle moment.
    await waitFor(() => {
      runIdle();
      expect(container.querySelector('[data-md-pending]')).toBeNull();
    });
    expect(parsedCount(blockElements(container))).toBe(24);
    expect(container.textContent).not.toContain('**');
    vi.restoreAllMocks();
  });

  it('parses a finished reply’s blocks only as they are reported near', async () => {
    const { container } = render(<Markdown text={REPLY} />);
    // A streaming twin rendered after it parses its tail at once: once it has, the tasks in which the
    // finished reply could have parsed anything have run. A reply that is not streaming has no eager
    // tail: nothing is parsed before it is seen.
    const twin = render(<Markdown text={REPLY} streaming />);
    await waitFor(() => expect(parsedCount(blockElements(twin.container).slice(-3))).toBe(3));
    twin.unmount();
    expect(parsedCount(blockElements(container))).toBe(0);
    runIdle();
    expect(parsedCount(blockElements(container))).toBe(0);
    expect(blockElements(container)[0]).toHaveTextContent('Paragraph **0**.');

    const blocks = blockElements(container);
    // Twelve blocks above the screen, within the margin, and the four on it.
    report(blocks.slice(0, 12), true, false);
    report(blocks.slice(12, 16), true);
    await waitFor(() => expect(parsedCount(blockElements(container).slice(0, 16))).toBe(16));
    // Never reported near: still the plain words.
    expect(parsedCount(blockElements(container).slice(16))).toBe(0);
  });
});
