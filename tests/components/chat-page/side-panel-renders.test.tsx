/**
 * The side panel (parameters and tools) must not re-render for every frame of a streaming reply:
 * with a long transcript and several open sections, that work would compete with the stream.
 * Both components are wrapped with a render counter; the transcript row is the control that shows
 * the stream did re-render many times.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type * as RowModule from '../../../src/features/chat/components/message-row';
import type * as PanelModule from '../../../src/features/chat/params/chat-parameters-panel';
import { chatService, finishedReply, openChat, send } from './chat-harness';

const renders = vi.hoisted(() => ({ panel: 0, row: 0 }));

vi.mock('../../../src/features/chat/params/chat-parameters-panel', async (load) => {
  const real = await load<typeof PanelModule>();
  return {
    ...real,
    ChatParametersPanel: (props: Parameters<typeof real.ChatParametersPanel>[0]) => {
      renders.panel += 1;
      return real.ChatParametersPanel(props);
    },
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

describe('chat page: side panel while a reply streams', () => {
  it('renders a bounded number of times however many frames the reply takes', async () => {
    // Paced, so the reply arrives over many frames (about 150 tokens at 300 per second).
    const service = chatService({ env: { SVC_REFERENCE_TOKENS_PER_SECOND: '300' } });
    const { user } = await openChat(service);
    await user.click(screen.getByText('JSON mode')); // an open section, which subscribes on its own
    const before = { ...renders };
    await send(user, 'Describe tables in about a hundred words');
    await finishedReply('complete', 30_000);
    const rowRenders = renders.row - before.row;
    const panelRenders = renders.panel - before.panel;
    expect(rowRenders).toBeGreaterThan(20);
    // Sending re-renders the page a few times (busy state, the saved conversation: 8 here), never
    // once per frame (103 before the panel selected what it shows, for 96 row renders).
    expect(panelRenders).toBeLessThanOrEqual(12);
    expect(panelRenders * 5).toBeLessThan(rowRenders);
  });
});
