import { createModuleLoader, type LoaderState } from '../module-loader';
import type * as AjvInstance from './ajv-instance';

/** Ajv, RE2 for its patterns and the checks built on them: about 84 KB gzipped, so no page carries it before it is needed. */
export type SchemaChecker = Pick<typeof AjvInstance, 'ajv' | 'checkWithSchema'>;

export type SchemaCheckerState = LoaderState<SchemaChecker>;

const loader = createModuleLoader<SchemaChecker>(() => import('./ajv-instance'));

export const schemaCheckerState = loader.state;
export const loadSchemaChecker = loader.load;
export const subscribeSchemaChecker = loader.subscribe;

/** The checker if it has arrived, else null; asks for it, so a later check finds it. */
export function schemaChecker(): SchemaChecker | null {
  loader.request();
  return loader.current();
}

/** The sentence for a check that cannot run because `what` ("the schema checker") did not load. */
export function notLoaded(subject: string, what: string, reason: string): string {
  const Subject = subject.charAt(0).toUpperCase() + subject.slice(1);
  return `${Subject} could not be checked: ${what} did not load (${reason}). Reload the page to check.`;
}

/**
 * Why a check of `subject` ("the arguments", say) is not made, for a caller that found no checker:
 * under way while the checker loads, or `failed` (with why) when it could not be loaded.
 */
export function schemaCheckerAbsence(subject: string): { message: string; failed: boolean } {
  const state = loader.state();
  return state.status === 'failed'
    ? { message: notLoaded(subject, 'the schema checker', state.reason), failed: true }
    : { message: `Checking ${subject} against the schema…`, failed: false };
}

/** `schemaCheckerAbsence`'s sentence, or null when the checker is ready. */
export function schemaCheckerPending(subject: string): string | null {
  return schemaChecker() ? null : schemaCheckerAbsence(subject).message;
}
