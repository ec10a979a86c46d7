import { useSyncExternalStore } from 'react';
import {
  schemaCheckerState,
  subscribeSchemaChecker,
  type SchemaCheckerState,
} from '../lib/function-schema/schema-checker';

/**
 * The schema checker's state, so a component whose check found it missing renders again when it
 * arrives (or fails) and a "checking…" note never stays. Asking does not fetch it: the check that
 * needs it does, so a page that never checks a schema never loads Ajv.
 */
export function useSchemaChecker(): SchemaCheckerState {
  return useSyncExternalStore(subscribeSchemaChecker, schemaCheckerState);
}
