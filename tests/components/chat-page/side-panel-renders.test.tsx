/**
 * The inspector (parameters and tools) must not re-render for every frame of a streaming reply:
 * with a long transcript and an open tab, that work would compete with the stream. The inspector's
 * open tab is wrapped in a React Profiler, whose `onRender` counts every commit in which anything
 * inside rendered (the panel, a tab subscribed on its own, a control). The transcript's rows are
 * the control: they show each chunk did reach the screen.
 */
import { cleanup, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type * as SidePanelModule from '../../../src/features/chat/page/side-panel';
import type * as RowModule from '../../../src/features/chat/components/message-row';
import { chatService, finishedReply, openChat, openInspectorTab, rows, send } from './chat-harness';
import { steppedEngine } from './engines';

const renders = vi.hoisted(() => ({ panel: 0, row: 0 }));

vi.mock('../../../src/features/chat/page/side-panel', async (load) => {
  const real = await load<typeof SidePanelModule>();
  const { createElement, memo, Profiler } = await import('react');
  return {
    ...real,
    SidePanel: memo((props: Parameters<typeof real.SidePanel>[0]) =>
      createElement(
        Profiler,
        { id: 'inspector', onRender: () => void (renders.panel += 1) },
        createElement(real.SidePanel, props),
      ),
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

/** Streams a reply of `chunks` chunks, each shown before the next is sent; returns the renders it caused. */
async function streamReply(chunks: number, tab: 'parameters' | 'json-mode' | 'functions') {
  const script = steppedEngine();
  const { user } = await openChat(chatService({ engines: { 'svc-chat': script.engine } }));
  // Each tab subscribes on its own: none may follow the stream.
  await openInspectorTab(user, tab);
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
  it.each(['parameters', 'json-mode', 'functions'] as const)(
    'renders a small number of times with the %s tab open, the same for a reply of 8 chunks as of 40',
    async (tab) => {
      const short = await streamReply(8, tab);
      const long = await streamReply(40, tab);
      // The control: every chunk reached the transcript in a frame of its own.
      expect(long.row).toBeGreaterThanOrEqual(40);
      expect(long.row - short.row).toBeGreaterThanOrEqual(30);
      // The panel: a few commits around sending at most (the conversation's first save, its title), never one per frame.
      expect(long.panel).toBeLessThanOrEqual(4);
      // The same for 40 chunks as for 8, give or take the one around sending, which on a loaded
      // machine can land before or after the count starts (a commit per frame would be 30 more).
      expect(Math.abs(long.panel - short.panel)).toBeLessThanOrEqual(1);
    },
  );
});
