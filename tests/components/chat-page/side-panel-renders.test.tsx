/**
 * The side panel (parameters and tools) must not re-render for every frame of a streaming reply:
 * with a long transcript and open sections, that work would compete with the stream. Both halves of
 * the panel are wrapped in a React Profiler, whose `onRender` counts every commit in which anything
 * inside rendered (the panel, a section subscribed on its own, a control). The transcript's rows are
 * the control: they show each chunk did reach the screen.
 */
import { cleanup, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type * as SectionsModule from '../../../src/features/chat/components/side-panel-sections';
import type * as RowModule from '../../../src/features/chat/components/message-row';
import type * as PanelModule from '../../../src/features/chat/params/chat-parameters-panel';
import { chatService, finishedReply, openChat, rows, send } from './chat-harness';
import { steppedEngine } from './engines';

const renders = vi.hoisted(() => ({ panel: 0, row: 0 }));

vi.mock('../../../src/features/chat/params/chat-parameters-panel', async (load) => {
  const real = await load<typeof PanelModule>();
  const { createElement, Profiler } = await import('react');
  return {
    ...real,
    ChatParametersPanel: (props: Parameters<typeof real.ChatParametersPanel>[0]) =>
      createElement(
        Profiler,
        { id: 'parameters', onRender: () => void (renders.panel += 1) },
        createElement(real.ChatParametersPanel, props),
      ),
  };
});

vi.mock('../../../src/features/chat/components/side-panel-sections', async (load) => {
  const real = await load<typeof SectionsModule>();
  const { createElement, Profiler } = await import('react');
  return {
    ...real,
    ChatToolsSlot: (props: Parameters<typeof real.ChatToolsSlot>[0]) =>
      createElement(
        Profiler,
        { id: 'tools', onRender: () => void (renders.panel += 1) },
        createElement(real.ChatToolsSlot, props),
      ),
  };
});

vi.mock('../../../src/features/chat/components/message-row', async (load) => {
  const real = await load<typeof RowModule>();
  const { createElement, memo } = await import('react');
  const Counted = memo((props: Parameters<typeof real.MessageRow>[0]) => {
    renders.row += 1;
    return createElement(real.MessageRow, props);
  });
  return { ...real, MessageRow: Counted };
});

vi.setConfig({ testTimeout: 60_000 });

/** Streams a reply of `chunks` chunks, each shown before the next is sent; returns the renders it caused. */
async function streamReply(chunks: number) {
  const script = steppedEngine();
  const { user } = await openChat(chatService({ engines: { 'svc-chat': script.engine } }));
  // Open sections subscribe on their own: they must not follow the stream either.
  await user.click(screen.getByText('JSON mode'));
  await user.click(screen.getByText('Functions'));
  const before = { ...renders };
  await send(user, 'Stream a long reply');
  for (let i = 0; i < chunks; i++) {
    script.step(`w${i}x `);
    await waitFor(() => expect(rows().at(-1)?.textContent).toContain(`w${i}x`));
  }
  script.finish();
  await finishedReply();
  const counts = { panel: renders.panel - before.panel, row: renders.row - before.row };
  cleanup();
  return counts;
}

describe('chat page: side panel while a reply streams', () => {
  it('renders a small number of times, the same for a reply of 8 chunks as of 40', async () => {
    const short = await streamReply(8);
    const long = await streamReply(40);
    // The control: every chunk reached the transcript in a frame of its own.
    expect(long.row).toBeGreaterThanOrEqual(40);
    expect(long.row - short.row).toBeGreaterThanOrEqual(30);
    // The panel: a few commits around sending at most (the conversation's first save, its title), never one per frame.
    expect(long.panel).toBeLessThanOrEqual(4);
    expect(long.panel).toBe(short.panel);
  });
});
