const SUFFIX = / \(imported(?: \d+)?\)$/;

const marked = (base: string, n: number) => `${base} (imported${n === 1 ? '' : ` ${n}`})`;

/**
 * The title an imported conversation gets so it can be told from the ones already there: its own
 * when free, else "Title (imported)", then "Title (imported 2)" and on. A title that already ends in
 * such a mark counts on from its base, so copies of copies do not pile up marks.
 */
export function importedTitle(title: string, taken: ReadonlySet<string>): string {
  if (!taken.has(title)) return title;
  const base = title.replace(SUFFIX, '');
  let n = 1;
  while (taken.has(marked(base, n))) n++;
  return marked(base, n);
}

/**
 * `importedTitle` for many titles in a row: each title it gives is taken for the next, and the next
 * free number of each base is remembered, so naming 30,000 copies of one title is linear, not a
 * count from 1 for each. `taken` is added to.
 */
export function titleNamer(taken: Set<string>): (title: string) => string {
  const next = new Map<string, number>();
  return (title) => {
    let name = title;
    if (taken.has(title)) {
      const base = title.replace(SUFFIX, '');
      let n = next.get(base) ?? 1;
      while (taken.has(marked(base, n))) n++;
      next.set(base, n + 1);
      name = marked(base, n);
    }
    taken.add(name);
    return name;
  };
}
