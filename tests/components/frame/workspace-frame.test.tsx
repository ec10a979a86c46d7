/**
 * The frame every working page shares: its splitters (keyboard, pointer drag, double-click reset,
 * sizes remembered in the settings), the inspector's tabs (arrow keys, only the open tab rendered,
 * remembered per page), the dock toggle, and on a phone the modal sheets.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { WorkspaceFrame } from '../../../src/components/frame';
import { useSettingsStore } from '../../../src/stores';
import { FRAME_LIMITS } from '../../../src/stores/slices/ui-slice';

const TABS = [
  { id: 'parameters', label: 'Parameters' },
  { id: 'functions', label: 'Functions' },
  { id: 'wire', label: 'Wire' },
];

function renderFrame(renderTab = (id: string) => <p>Content of {id}</p>) {
  return render(
    <MemoryRouter>
      <WorkspaceFrame
        page="test"
        title="Test"
        purpose="A page to test the frame."
        list={{ label: 'Conversations', content: <button type="button">A conversation</button> }}
        work={<p>The work</p>}
        tabs={TABS}
        renderTab={renderTab}
      />
    </MemoryRouter>,
  );
}

const separator = (name: string) => screen.findByRole('separator', { name });
const stored = () => JSON.parse(localStorage.getItem('svc-playground.settings') ?? '{}').state?.frame;

describe('the workspace frame', () => {
  it('resizes the inspector by keyboard, keeps the size, and goes back to it on Enter', async () => {
    const user = userEvent.setup();
    renderFrame();
    const handle = await separator('Resize the inspector');
    const { initial, min, max } = FRAME_LIMITS.rightSize;
    expect(handle).toHaveAttribute('aria-orientation', 'vertical');
    expect(handle).toHaveAttribute('aria-valuenow', String(initial));
    expect(handle).toHaveAttribute('aria-valuemin', String(min));
    expect(handle).toHaveAttribute('aria-valuemax', String(max));

    expect(useSettingsStore.getState().frame.rightSized).toBe(false);
    handle.focus();
    // The inspector is right of its separator: moving the separator left widens it.
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(handle).toHaveAttribute('aria-valuenow', String(initial + 4));
    await user.keyboard('{Shift>}{ArrowRight}{/Shift}');
    expect(handle).toHaveAttribute('aria-valuenow', String(initial - 6));
    expect(useSettingsStore.getState().frame.rightSize).toBe(initial - 6);
    expect(stored().rightSize).toBe(initial - 6);
    // A size the person chose is theirs: the Wire tab no longer widens the inspector.
    expect(stored().rightSized).toBe(true);
    await user.keyboard('{End}');
    expect(handle).toHaveAttribute('aria-valuenow', String(max));
    await user.keyboard('{Home}');
    expect(handle).toHaveAttribute('aria-valuenow', String(min));
    await user.keyboard('{Enter}');
    expect(handle).toHaveAttribute('aria-valuenow', String(initial));
  });

  it('follows a pointer drag, writes the size only when the drag ends, and resets on double-click', async () => {
    renderFrame();
    const handle = await separator('Resize the conversations');
    const box = handle.parentElement!;
    vi.spyOn(box, 'getBoundingClientRect').mockReturnValue({ width: 1000, height: 600 } as DOMRect);
    handle.setPointerCapture = vi.fn();
    const { initial } = FRAME_LIMITS.listSize;

    fireEvent.pointerDown(handle, { clientX: 200, button: 0, pointerId: 1 });
    fireEvent.pointerMove(handle, { clientX: 300, pointerId: 1 });
    // 100 px of 1000: ten points wider, shown but not yet kept.
    expect(handle).toHaveAttribute('aria-valuenow', String(initial + 10));
    expect(useSettingsStore.getState().frame.listSize).toBe(initial);
    fireEvent.pointerUp(handle, { clientX: 300, pointerId: 1 });
    expect(handle.setPointerCapture).toHaveBeenCalledWith(1);
    expect(useSettingsStore.getState().frame.listSize).toBe(initial + 10);

    // Past the limit it stops at the limit.
    fireEvent.pointerDown(handle, { clientX: 300, button: 0, pointerId: 2 });
    fireEvent.pointerMove(handle, { clientX: 1000, pointerId: 2 });
    fireEvent.pointerUp(handle, { pointerId: 2 });
    expect(useSettingsStore.getState().frame.listSize).toBe(FRAME_LIMITS.listSize.max);

    fireEvent.doubleClick(handle);
    expect(useSettingsStore.getState().frame.listSize).toBe(initial);
    expect(handle).toHaveAttribute('aria-valuenow', String(initial));
  });

  it('opens a remembered size in a frame rendered later', async () => {
    useSettingsStore.getState().setFrame({ rightSize: 52 });
    renderFrame();
    expect(await separator('Resize the inspector')).toHaveAttribute('aria-valuenow', '52');
  });

  it('docks the inspector below, where its separator runs across and moves up and down', async () => {
    const user = userEvent.setup();
    renderFrame();
    await user.click(screen.getByRole('button', { name: 'Dock the inspector below' }));
    const handle = await separator('Resize the inspector');
    expect(handle).toHaveAttribute('aria-orientation', 'horizontal');
    expect(handle).toHaveAttribute('aria-valuenow', String(FRAME_LIMITS.bottomSize.initial));
    handle.focus();
    await user.keyboard('{ArrowUp}');
    expect(useSettingsStore.getState().frame.bottomSize).toBe(FRAME_LIMITS.bottomSize.initial + 2);
    expect(screen.getByRole('button', { name: 'Dock the inspector right' })).toBeInTheDocument();
  });

  it('shows tabs whose arrows move the selection, renders only the open one, and remembers it', async () => {
    const user = userEvent.setup();
    const rendered: string[] = [];
    const { unmount } = renderFrame((id) => {
      rendered.push(id);
      return <p>Content of {id}</p>;
    });
    const list = screen.getByRole('tablist', { name: 'Inspector' });
    expect(list).toBeInTheDocument();
    const first = screen.getByRole('tab', { name: 'Parameters' });
    expect(first).toHaveAttribute('aria-selected', 'true');
    expect(first).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tab', { name: 'Wire' })).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('tabpanel', { name: 'Parameters' })).toHaveTextContent('Content of parameters');
    expect(new Set(rendered)).toEqual(new Set(['parameters']));

    first.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Functions' })).toHaveFocus();
    expect(screen.getByRole('tabpanel', { name: 'Functions' })).toHaveTextContent('Content of functions');
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Wire' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Parameters' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Wire' })).toHaveFocus();
    expect(screen.queryByText('Content of parameters')).toBeNull();
    expect(stored().tabs).toEqual({ test: 'wire' });

    unmount();
    renderFrame();
    expect(screen.getByRole('tab', { name: 'Wire' })).toHaveAttribute('aria-selected', 'true');
  });

  it('collapses the list on a wide screen', async () => {
    const wide = vi
      .spyOn(window, 'matchMedia')
      .mockImplementation(
        (query) =>
          ({ matches: true, media: query, addEventListener() {}, removeEventListener() {} }) as never,
      );
    const user = userEvent.setup();
    renderFrame();
    const toggle = screen.getByRole('button', { name: 'Conversations' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(useSettingsStore.getState().frame.listOpen).toBe(false);
    expect(screen.queryByRole('separator', { name: 'Resize the conversations' })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    wide.mockRestore();
  });

  it('on a phone opens the inspector as a modal sheet: focus moves in, Escape closes, focus returns', async () => {
    const user = userEvent.setup();
    renderFrame();
    const opener = screen.getByRole('button', { name: 'Inspector' });
    expect(opener).toHaveAttribute('aria-haspopup', 'dialog');
    await user.click(opener);
    const sheet = await screen.findByRole('dialog', { name: 'Inspector' });
    expect(sheet).toHaveAttribute('aria-modal', 'true');
    await waitFor(() => expect(sheet.contains(document.activeElement)).toBe(true));
    // Everything outside the sheet is inert.
    expect(screen.getByText('The work').closest('[inert]')).not.toBeNull();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
    expect(document.querySelector('[inert]')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Conversations' }));
    const drawer = await screen.findByRole('dialog', { name: 'Conversations' });
    await waitFor(() => expect(drawer.contains(document.activeElement)).toBe(true));
    await user.click(screen.getByRole('button', { name: 'Close the conversations' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
