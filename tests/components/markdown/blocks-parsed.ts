import { render, waitFor, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { expect } from 'vitest';

/**
 * Waits until every markdown block in `container` is parsed: blocks past their task's slice of
 * main-thread time show plain text, marked `data-md-pending`, until a later task.
 */
export async function blocksParsed(container: Element): Promise<void> {
  await waitFor(() => expect(container.querySelector('[data-md-pending]')).toBeNull(), { timeout: 60_000 });
}

/** Renders `ui` and waits until its markdown is parsed. */
export async function renderParsed(ui: ReactElement): Promise<RenderResult> {
  const result = render(ui);
  await blocksParsed(result.container);
  return result;
}
