import type { ConversationMessage } from '../chat/conversation-types';
import type { FunctionDefinition } from '../../protocol/wire';
import type { CellRecord } from './cell-view';
import type { Variant } from './variants';

/** An example turn sent before the message (few-shot prompting). */
export interface FewShotMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
}

/** One comparison as saved and exported: what was sent, to which variants, and what each replied. */
export interface Comparison {
  id: string;
  title: string;
  createdAt: number;
  updatedAt: number;
  systemPrompt: string;
  /** Example turns before the message, in order. */
  fewShot: FewShotMessage[];
  message: string;
  /** The definitions a variant with `useFunctions` sends. */
  functions: FunctionDefinition[];
  variants: Variant[];
  /** One per variant, in the variants' order. */
  cells: CellRecord[];
}

/** What the list of saved comparisons shows, without reading each one. */
export interface ComparisonSummary {
  id: string;
  title: string;
  updatedAt: number;
  variantCount: number;
  /** Some cell was still running when it was last saved: a reload or crash cut it off. */
  cutOff: boolean;
}

const TITLE_LENGTH = 60;

/** A title from the message's first line. */
export function comparisonTitle(message: string): string {
  const line = message.trim().split('\n')[0] ?? '';
  if (line === '') return 'Untitled comparison';
  return line.length > TITLE_LENGTH ? `${line.slice(0, TITLE_LENGTH - 1)}…` : line;
}

export function summaryOf(comparison: Comparison): ComparisonSummary {
  return {
    id: comparison.id,
    title: comparison.title,
    updatedAt: comparison.updatedAt,
    variantCount: comparison.variants.length,
    cutOff: comparison.cells.some(
      (c) => c.status === 'waiting' || c.status === 'streaming' || c.status === 'interrupted',
    ),
  };
}

/** The conversation a comparison sends: its examples, then the message. */
export function comparisonMessages(
  fewShot: readonly FewShotMessage[],
  message: string,
): ConversationMessage[] {
  return [
    ...fewShot.map(({ id, role, content }) => ({ id, role, content, createdAt: 0 })),
    { id: 'prompt', role: 'user', content: message, createdAt: 0 },
  ];
}
