/** Edit distance between two sequences (characters or words). */
export function editDistance<T>(a: readonly T[], b: readonly T[]): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current.push(
        Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost),
      );
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

const normalize = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9' ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Character error rate of `hypothesis` against `reference`, ignoring case, punctuation and spacing runs. */
export function characterErrorRate(reference: string, hypothesis: string): number {
  const ref = [...normalize(reference)];
  return editDistance(ref, [...normalize(hypothesis)]) / Math.max(1, ref.length);
}

/** Word error rate over several utterances: total word edits over total reference words. */
export function wordErrorRate(pairs: readonly { reference: string; hypothesis: string }[]): number {
  let edits = 0;
  let words = 0;
  for (const { reference, hypothesis } of pairs) {
    const ref = normalize(reference).split(' ').filter(Boolean);
    edits += editDistance(ref, normalize(hypothesis).split(' ').filter(Boolean));
    words += ref.length;
  }
  return edits / Math.max(1, words);
}
