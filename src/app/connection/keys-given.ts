/**
 * Which connections were given a key in this browser, by id: never the key, only that there was
 * one. A key that is not remembered is gone after a reload; this is how the page knows to ask for
 * it again before a request goes without it, rather than after a 401.
 */
const KEYS_GIVEN = 'svc-playground:connections-with-keys';

export function connectionsGivenKeys(): Set<string> {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(KEYS_GIVEN) ?? '[]');
    return new Set(Array.isArray(raw) ? raw.filter((id): id is string => typeof id === 'string') : []);
  } catch {
    return new Set();
  }
}

/** Records (or, for a server that needs none, forgets) that a connection takes a key. */
export function markKeyGiven(id: string, given: boolean): void {
  const ids = connectionsGivenKeys();
  if (ids.has(id) === given) return;
  if (given) ids.add(id);
  else ids.delete(id);
  try {
    localStorage.setItem(KEYS_GIVEN, JSON.stringify([...ids]));
  } catch {
    // Storage blocked: the page asks after the first 401 instead.
  }
}
