import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';

/** The address of a conversation; the page's other flags (`?render=plain`) stay as they are. */
export const conversationPath = (id: string) => `/chat/${encodeURIComponent(id)}`;

/** The conversation id the address names (`/chat/:conversationId`), if any. */
export function useAddressedConversation(): string | undefined {
  return useParams().conversationId;
}

/**
 * Keeps the address and the shown conversation one: opening a conversation (the list, a new one,
 * an import) moves the address, so back and forward step through the conversations opened and a
 * reload reopens the one shown; moving the address (back, forward, a link) opens the conversation
 * it names. Whichever of the two changed leads.
 */
export function useConversationAddress(
  activeId: string | null,
  openAddressed: (id: string) => Promise<boolean>,
  /** The id an address named that this browser does not have. */
  missing: string | null,
): void {
  const addressed = useAddressedConversation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const before = useRef({ addressed, activeId });
  useEffect(() => {
    const addressMoved = addressed !== before.current.addressed;
    const activeMoved = activeId !== before.current.activeId;
    before.current = { addressed, activeId };
    if (activeId === null || addressed === activeId) return;
    if (addressMoved && addressed !== undefined) {
      // Back, forward or a link: the address leads. One this browser lacks is said (and the address
      // goes back to the conversation still shown), never silently swapped.
      void openAddressed(addressed).then((opened) => {
        if (!opened) void navigate(`${conversationPath(activeId)}${search}`, { replace: true });
      });
      return;
    }
    // The page leads: a new entry in the history for a conversation the person opened, the same
    // entry when the address only catches up (plain /chat, or a conversation that is gone).
    const replace = addressed === undefined || addressed === missing || !activeMoved;
    void navigate(`${conversationPath(activeId)}${search}`, { replace });
  }, [addressed, activeId, navigate, openAddressed, search, missing]);
}
