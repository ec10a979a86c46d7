const SUFFIX = / \(imported(?: \d+)?\)$/;

/**
 * The title an imported conversation gets so it can be told from the ones already there: its own
 * when free, else "Title (imported)", then "Title (imported 2)" and on. A title that already ends in
 * such a mark counts on from its base, so copies of copies do not pile up marks.
 */
export function importedTitle(title: string, taken: ReadonlySet<string>): string {
  if (!taken.has(title)) return title;
  const base = title.replace(SUFFIX, '');
  for (let n = 1; ; n++) {
    const candidate = `${base} (imported${n === 1 ? '' : ` ${n}`})`;
    if (!taken.has(candidate)) return candidate;
  }
}
