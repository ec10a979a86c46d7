import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { ChatSession } from '../session';
import { startAutoRunner } from './auto-runner';
import { FunctionsWorkbench, type WorkbenchState } from './functions-workbench';

interface FunctionsContextValue {
  session: ChatSession;
  workbench: FunctionsWorkbench;
}

const FunctionsContext = createContext<FunctionsContextValue | null>(null);

/**
 * The workbenches of the conversations opened while the chat page is shown, so switching back keeps
 * mocks and text. The page holds it (`useWorkbenches`), so it goes when the page does.
 */
export type Workbenches = Map<string, { session: ChatSession; workbench: FunctionsWorkbench }>;

export function useWorkbenches(): Workbenches {
  const [workbenches] = useState<Workbenches>(() => new Map());
  return workbenches;
}

function workbenchFor(
  workbenches: Workbenches,
  conversationId: string,
  session: ChatSession,
): FunctionsWorkbench {
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
  workbenches,
  children,
}: {
  session: ChatSession;
  conversationId: string;
  workbenches: Workbenches;
  children: ReactNode;
}) {
  const workbench = useMemo(
    () => workbenchFor(workbenches, conversationId, session),
    [workbenches, conversationId, session],
  );
  useEffect(() => startAutoRunner(session, workbench), [session, workbench]);
  const value = useMemo(() => ({ session, workbench }), [session, workbench]);
  return <FunctionsContext value={value}>{children}</FunctionsContext>;
}

/** The open conversation's function tools, or null outside a `FunctionsProvider`. */
export function useFunctionsContext(): FunctionsContextValue | null {
  return useContext(FunctionsContext);
}

/** The workbench state (re-renders on change); an empty one of its own outside a provider. */
export function useWorkbench(): { workbench: FunctionsWorkbench; state: WorkbenchState } {
  const provided = useFunctionsContext()?.workbench;
  const [empty] = useState(() => new FunctionsWorkbench([], () => undefined));
  const workbench = provided ?? empty;
  const state = useSyncExternalStore(workbench.subscribe, workbench.getSnapshot);
  return { workbench, state };
}
