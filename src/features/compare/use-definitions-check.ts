import { useMemo, useSyncExternalStore } from 'react';
import {
  checkDefinitionsNow,
  definitionsChecks,
  type DefinitionsCheck,
} from '../../lib/function-schema/definitions-check';
import { useSchemaChecker } from '../../stores';

/**
 * The function definitions as typed, checked. The checks (and Ajv, which they fetch in turn) load
 * once there is something to check; until they answer, `pending` says so and the definitions count
 * as not yet valid, so no run sends them unchecked.
 */
export function useDefinitionsCheck(text: string): DefinitionsCheck {
  const checks = useSyncExternalStore(definitionsChecks.subscribe, definitionsChecks.state);
  const checker = useSchemaChecker();
  // The arrival of the checks and of Ajv is what completes a pending check.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => checkDefinitionsNow(text), [text, checks, checker]);
}
