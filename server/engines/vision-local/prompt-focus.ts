/**
 * How the user's prompt steers the answer. This engine does not understand language; it looks for
 * plain signals (asks about text, colours, size or format; quoted phrases to look for) and says
 * openly what it did with them.
 */

export interface PromptFocus {
  prompt: string;
  wantsText: boolean;
  wantsColours: boolean;
  wantsSize: boolean;
  wantsScene: boolean;
  /** Phrases in quotes, to look for in the text found. */
  quoted: string[];
  /** Longer words of the prompt, to look for in the text found. */
  keywords: string[];
}

const STOPWORDS = new Set(
  "what which where there their these those this that with from into about image picture photo photograph please could would should does have tell show give read text say says written colour color colours colors size dimensions describe description what's whats kind sort look looks like".split(
    ' ',
  ),
);

/** Reads the signals in a prompt. */
export function readPromptFocus(prompt: string): PromptFocus {
  const lower = prompt.toLowerCase();
  const quoted = [...prompt.matchAll(/["“”'‘’]([^"“”'‘’]{2,60})["“”'‘’]/g)]
    .map((m) => (m[1] ?? '').trim())
    .filter(Boolean);
  const keywords = [...new Set(lower.match(/[a-z0-9][a-z0-9-]{3,}/g) ?? [])]
    .filter((w) => !STOPWORDS.has(w))
    .slice(0, 12);
  return {
    prompt,
    wantsText:
      /\b(text|read|say|says|written|write|words?|ocr|transcribe|letters?|caption|sign|label)\b/.test(lower),
    wantsColours: /\b(colou?rs?|hue|palette|shade)\b/.test(lower),
    wantsSize: /\b(size|dimensions?|resolution|width|height|pixels?|large|big|small|format|type|file)\b/.test(
      lower,
    ),
    wantsScene:
      /\b(describe|description|what is (in|this)|what's in|who|scene|happening|objects?|people|animal)\b/.test(
        lower,
      ),
    quoted,
    keywords,
  };
}

/** Finds which phrases occur in the text found, ignoring case and runs of spaces. */
export function findPhrases(
  text: string,
  phrases: readonly string[],
): { found: string[]; missing: string[] } {
  const haystack = text.toLowerCase().replace(/\s+/g, ' ');
  const found: string[] = [];
  const missing: string[] = [];
  for (const phrase of phrases) {
    (haystack.includes(phrase.toLowerCase().replace(/\s+/g, ' ')) ? found : missing).push(phrase);
  }
  return { found, missing };
}
