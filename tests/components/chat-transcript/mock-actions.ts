import { vi } from 'vitest';
import type { MessageActions } from '../../../src/features/chat/components/message-actions';

/** Every message action as a spy, for transcripts rendered without a page around them. */
export function mockActions(): MessageActions {
  return {
    startEdit: vi.fn(),
    cancelEdit: vi.fn(),
    save: vi.fn(),
    resend: vi.fn(),
    showVersion: vi.fn(),
    remove: vi.fn(),
    move: vi.fn(),
    insertAfter: vi.fn(),
    continueFrom: vi.fn(),
    continueReply: vi.fn(),
    regenerate: vi.fn(),
  };
}
