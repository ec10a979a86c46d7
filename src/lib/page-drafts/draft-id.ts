/** A new id for a kept file or an image: unique across reloads, and a valid key of a record. */
export function newDraftId(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}
