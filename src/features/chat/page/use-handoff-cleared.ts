import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { carriesHandoff } from '../../../lib/chat/handoff-state';

/**
 * Once a conversation is shown, the history entry's state that handed one over is cleared, so the
 * entry reloaded, or reached again by Back after the conversation was deleted, does not bring it back.
 */
export function useHandoffCleared(activeId: string | null): void {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (activeId === null || !carriesHandoff(location.state)) return;
    const { pathname, search, hash } = location;
    void navigate({ pathname, search, hash }, { replace: true, state: null });
  }, [activeId, location, navigate]);
}
