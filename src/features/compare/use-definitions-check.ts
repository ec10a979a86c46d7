import { useEffect, useState } from 'react';
import type { DefinitionsCheck } from '../../lib/function-schema';

const NONE: DefinitionsCheck = { definitions: [], problems: [] };
const CHECKING: DefinitionsCheck = { definitions: null, problems: [] };

/**
 * The function definitions as typed, checked. The checker (Ajv and its schema rules, most of the
 * page's weight otherwise) loads only once there is something to check; until it answers the
 * definitions count as not yet valid, so no run sends them unchecked.
 */
export function useDefinitionsCheck(text: string): DefinitionsCheck & { checking: boolean } {
  const [result, setResult] = useState<{ text: string; check: DefinitionsCheck } | null>(null);
  const empty = text.trim() === '';
  useEffect(() => {
    if (empty) return;
    let live = true;
    void import('../../lib/function-schema').then(({ validateDefinitions }) => {
      if (live) setResult({ text, check: validateDefinitions(text) });
    });
    return () => {
      live = false;
    };
  }, [text, empty]);
  if (empty) return { ...NONE, checking: false };
  if (result?.text !== text) return { ...CHECKING, checking: true };
  return { ...result.check, checking: false };
}
