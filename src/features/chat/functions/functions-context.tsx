import { createContext, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { ChatSession } from '../session';
import { startAutoRunner } from './auto-runner';
import { FunctionsWorkbench, type WorkbenchState } from './functions-workbench';

interface FunctionsContextValue {
  session: ChatSession;
  workbench: FunctionsWorkbench;
}

const FunctionsContext = createContext<FunctionsContextValue | null>(null);

// One workbench per conversation for the page's lifetime, so switching back keeps mocks and text.
const workbenches = new Map<string, { session: ChatSession; workbench: FunctionsWorkbench }>();

function workbenchFor(conversationId: string, session: ChatSession): FunctionsWorkbench {
  const known = workbenches.get(conversationId);
  if (known && known.session === session) return known.workbench;
  const workbench = new FunctionsWorkbench(session.getSnapshot().options.functions ?? [], (functions) =>
    session.setOptions({ functions }),
  );
  workbenches.set(conversationId, { session, workbench });
  return workbench;
}

/**
 * Gives the chat page's transcript and side panel the open conversation's function tools, and runs
 * the auto-runner (mock results answering function calls) while the conversation is open.
 */
export function FunctionsProvider({
  session,
  conversationId,
  children,
}: {
  session: ChatSession;
  conversationId: string;
  children: ReactNode;
}) {
  const workbench = useMemo(() => workbenchFor(conversationId, session), [conversationId, session]);
  useEffect(() => startAutoRunner(session, workbench), [session, workbench]);
  const value = useMemo(() => ({ session, workbench }), [session, workbench]);
  return <FunctionsContext value={value}>{children}</FunctionsContext>;
}

/** The open conversation's function tools, or null outside a `FunctionsProvider`. */
export function useFunctionsContext(): FunctionsContextValue | null {
  return useContext(FunctionsContext);
}

const EMPTY = new FunctionsWorkbench([], () => undefined);

/** The workbench state (re-renders on change); an empty one outside a provider. */
export function useWorkbench(): { workbench: FunctionsWorkbench; state: WorkbenchState } {
  const workbench = useFunctionsContext()?.workbench ?? EMPTY;
  const state = useSyncExternalStore(workbench.subscribe, workbench.getSnapshot);
  return { workbench, state };
}
