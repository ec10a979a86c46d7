/** A probability as people read it, from a logprob. */
export const percent = (logprob: number) => `${(Math.exp(logprob) * 100).toFixed(1)}%`;

/**
 * How a token shows in the heatmap: line breaks as a visible ↵ (the text keeps them as real breaks
 * after the token), an empty token as ∅, so every token has something to point at.
 */
export function visibleToken(token: string): { text: string; breaks: number } {
  const breaks = token.split('\n').length - 1;
  if (token === '') return { text: '∅', breaks: 0 };
  return { text: token.replace(/\r?\n/g, '↵'), breaks };
}

/** Background by probability: confident tokens stay plain, unlikely ones stand out. */
export function tone(probability: number): string {
  if (probability >= 0.9) return 'bg-transparent';
  if (probability >= 0.6) return 'bg-emerald-100 dark:bg-emerald-900/50';
  if (probability >= 0.3) return 'bg-amber-100 dark:bg-amber-900/50';
  return 'bg-red-100 dark:bg-red-900/50';
}
