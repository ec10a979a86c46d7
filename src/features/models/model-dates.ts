/** A model's `created` (Unix seconds) as a calendar date in UTC, e.g. "2024-05-01". */
export function createdDate(created: number): string {
  if (!Number.isFinite(created)) return 'unknown';
  return new Date(created * 1000).toISOString().slice(0, 10);
}

/** The same instant in full, for a tooltip: ISO 8601 in UTC. */
export function createdInstant(created: number): string {
  if (!Number.isFinite(created)) return `not a time: ${String(created)}`;
  return new Date(created * 1000).toISOString();
}
