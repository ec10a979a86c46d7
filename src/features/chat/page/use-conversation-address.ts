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
  const location = useLocation();
  const { search } = location;
  // What the last run saw, and where this hook last sent the address until a navigation lands. A
  // landing is told by the router's location object, new whenever a navigation lands (a new path, a
  // new entry, or one reached another way), not by the id: location changes render as transitions,
  // and one superseded by the next never renders. Back pressed as a conversation opens takes the id
  // from the old conversation to the old one, and must still open it.
  const before = useRef<{ location: typeof location; activeId: string | null; sentTo: string | null }>({
    location,
    activeId,
    sentTo: null,
  });
  useEffect(() => {
    const last = before.current;
    const landed = location !== last.location;
    const sentTo = landed ? null : last.sentTo;
    before.current = { location, activeId, sentTo };
    const send = (id: string, replace: boolean) => {
      before.current.sentTo = id;
      void navigate(`${conversationPath(id)}${search}`, { replace });
    };
    if (activeId === null || addressed === activeId) return;
    if (landed && addressed !== last.sentTo && addressed !== undefined) {
      // Back, forward or a link: the address leads. One this browser lacks is said (and the address
      // goes back to the conversation still shown), never silently swapped.
      void openAddressed(addressed).then((opened) => {
        if (!opened) send(activeId, true);
      });
      return;
    }
    // On its way there already: a second navigation would cut the first short.
    if (sentTo === activeId) return;
    // The page leads: a new entry in the history for a conversation the person opened, the same
    // entry when the address only catches up (plain /chat, or a conversation that is gone).
    const activeMoved = activeId !== last.activeId;
    send(activeId, addressed === undefined || addressed === missing || !activeMoved);
  }, [addressed, activeId, location, navigate, openAddressed, search, missing]);
}
