/**
 * The reading of anything imported — a file, pasted JSON, a pasted request, a share link — as one
 * task with plain data in and out, so it can run in a worker: parsing and checking a hostile 8 MB
 * document takes seconds (2.6 million `{}` took 3.4 s in JSON.parse alone on this machine), and none
 * of it may block the page.
 */
import { parseConversationFile, parseConversationImport, type ConversationFile } from './conversation-import';
import type { ImportResult } from './conversation-format';
import { metaSchemaCheckOf } from '../function-schema/meta-schema';
import { readSharedConversation, type SharedConversation } from './share-link';

/** What an import needs besides its text; ids are made where the task runs. */
export interface ImportTaskDefaults {
  /** The model of a request body that names none. */
  model: string;
  /** Now, ms: dates from outside are brought back to it. */
  now: number;
}

export type ImportTask =
  | { kind: 'one'; text: string; defaults: ImportTaskDefaults }
  /** A file that may hold one conversation or many. */
  | { kind: 'file'; text: string; defaults: ImportTaskDefaults }
  | { kind: 'share'; data: string; defaults: ImportTaskDefaults };

export type FileReading = ConversationFile;

export interface ImportTaskResults {
  one: ImportResult;
  file: FileReading;
  share: SharedConversation;
}

export type ImportTaskResult = ImportTaskResults[ImportTask['kind']];

/** Runs a task here and now; `createId` makes the ids of request bodies that carry none. */
export async function runImportTask(
  task: ImportTask,
  createId: () => string = () => globalThis.crypto.randomUUID(),
): Promise<ImportTaskResult> {
  // Schemas in a request body are checked as the service checks them, with Ajv: fetched here, in
  // the import's own worker, never with the page.
  const { ajv } = await import('../function-schema/ajv-instance');
  const defaults = { ...task.defaults, createId, metaSchema: metaSchemaCheckOf({ ajv }) };
  switch (task.kind) {
    case 'one':
      return parseConversationImport(task.text, defaults);
    case 'file':
      return parseConversationFile(task.text, defaults);
    case 'share':
      return readSharedConversation(task.data, defaults);
  }
}
