import { createContext, useContext } from 'react';
import type { PastedRequest } from '../../../lib/export-code';

/** Opens a pasted request as a new conversation; resolves null when it did, else the reason. */
export type LoadRequest = (pasted: PastedRequest) => Promise<string | null>;

/**
 * How the chat page's wire pane reaches the conversation list, several components down, to open
 * a pasted request as a conversation of its own.
 */
export const LoadRequestContext = createContext<LoadRequest | null>(null);

export const useLoadRequest = () => useContext(LoadRequestContext);
