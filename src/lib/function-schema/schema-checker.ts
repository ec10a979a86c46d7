import { createModuleLoader, type LoaderState } from '../module-loader';
import type * as AjvInstance from './ajv-instance';

/** Ajv and the checks built on it: about 37 KB gzipped, so no page carries it before it is needed. */
export type SchemaChecker = Pick<typeof AjvInstance, 'ajv' | 'checkWithSchema'>;

export type SchemaCheckerState = LoaderState<SchemaChecker>;

const loader = createModuleLoader<SchemaChecker>(() => import('./ajv-instance'));

export const schemaCheckerState = loader.state;
export const loadSchemaChecker = loader.load;
export const subscribeSchemaChecker = loader.subscribe;

/** The checker if it has arrived, else null; asks for it, so a later check finds it. */
export function schemaChecker(): SchemaChecker | null {
  if (loader.state().status === 'idle') void loader.load().catch(() => undefined);
  return loader.current();
}

/**
 * What a check of `subject` ("the arguments", say) says when it could not run: that it is under way
 * while the checker loads, or why it cannot run. Null when the checker is ready.
 */
export function schemaCheckerPending(subject: string): string | null {
  if (schemaChecker()) return null;
  const state = loader.state();
  if (state.status !== 'failed') return `Checking ${subject} against the schema…`;
  const what = subject.charAt(0).toUpperCase() + subject.slice(1);
  return `${what} could not be checked: the schema checker did not load (${state.reason}). Reload the page to check.`;
}
