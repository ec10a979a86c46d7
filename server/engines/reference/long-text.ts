/**
 * Long replies on request ("long", "write 2000 words", "5 paragraphs"): sections of filler prose about
 * the playground, with headings, lists, tables and code blocks every few paragraphs, so a long stream
 * exercises the renderer. Deterministic at temperature 0; above it the wording varies with the seed.
 */
import { countWords } from './request-analysis';
import { createRandom, hashString, type PhrasePicker } from './sampling';

/** Length of a long reply when no number is given. */
export const DEFAULT_LONG_WORDS = 1500;

const SUBJECTS = [
  'The playground',
  'A streamed reply',
  'The local service',
  'Each token',
  'The reference engine',
  'A request',
  'The tokenizer',
  'The markdown renderer',
];
const VERBS = ['shows', 'measures', 'carries', 'repeats', 'explains', 'counts', 'renders', 'keeps'];
const OBJECTS = [
  'every parameter you set',
  'the words of your message',
  'a table of numbers',
  'the stop strings you chose',
  'the seed of this reply',
  'one token at a time',
  'a fenced block of code',
  'the limits of the context',
];
const ENDINGS = [
  'without pretending to think.',
  'so that you can check it.',
  'as plainly as it can.',
  'in a predictable order.',
  'and nothing more.',
  'for the renderer to draw.',
];

/**
 * Writes the filler sentences. Sampling parameters act on them visibly: `top_p` keeps only the first
 * top_p share of each word list (lower = plainer, more repetitive prose); a positive penalty
 * (frequency + presence) redraws sentences already written, a negative one repeats the last one.
 */
class ProseWriter {
  private readonly used = new Set<string>();
  private previous: string | undefined;

  constructor(
    readonly random: () => number,
    private readonly topP: number,
    private readonly penalty: number,
  ) {}

  choose<T>(items: readonly T[]): T {
    const pool = Math.max(1, Math.ceil(this.topP * items.length));
    return items[Math.floor(this.random() * pool)] as T;
  }

  private draw(): string {
    return `${this.choose(SUBJECTS)} ${this.choose(VERBS)} ${this.choose(OBJECTS)} ${this.choose(ENDINGS)}`;
  }

  sentence(): string {
    let text = this.draw();
    if (this.penalty < 0 && this.previous !== undefined && this.random() < Math.min(0.9, -this.penalty / 2)) {
      text = this.previous;
    }
    for (let retry = Math.round(this.penalty * 4); retry > 0 && this.used.has(text); retry -= 1)
      text = this.draw();
    this.used.add(text);
    this.previous = text;
    return text;
  }

  paragraph(): string {
    const count = 3 + Math.floor(this.random() * 3);
    return Array.from({ length: count }, () => this.sentence()).join(' ');
  }
}

/** An extra block after every few paragraphs, cycling through what a renderer must handle. */
function block(index: number, writer: ProseWriter): string {
  switch (index % 3) {
    case 0:
      return Array.from({ length: 3 }, (_, i) => `- Item ${i + 1}: ${writer.sentence()}`).join('\n');
    case 1:
      return [
        '| Step | Tokens | Note |',
        '|---|---|---|',
        ...Array.from(
          { length: 3 },
          (_, i) => `| ${i + 1} | ${Math.floor(writer.random() * 900) + 10} | ${writer.choose(ENDINGS)} |`,
        ),
      ].join('\n');
    default:
      return [
        '```ts',
        `const step${index} = ${Math.floor(writer.random() * 1000)};`,
        `console.log('section ${index}', step${index});`,
        '```',
      ].join('\n');
  }
}

/** Composes a long markdown text of about `words` words or exactly `paragraphs` paragraphs. */
export function composeLongText(
  request: { words?: number; paragraphs?: number },
  picker: PhrasePicker,
): string {
  const writer = new ProseWriter(
    createRandom(hashString(`long:${picker.next()}`)),
    picker.topP,
    picker.penalty,
  );
  const parts: string[] = ['## The long reply you asked for'];
  let words = 0;
  let paragraphs = 0;
  const wantWords =
    request.paragraphs === undefined ? (request.words ?? DEFAULT_LONG_WORDS) : Number.POSITIVE_INFINITY;
  const wantParagraphs = request.paragraphs ?? Number.POSITIVE_INFINITY;
  while (words < wantWords && paragraphs < wantParagraphs) {
    if (paragraphs > 0 && paragraphs % 4 === 0) {
      parts.push(`### Part ${paragraphs / 4 + 1}`);
      parts.push(block(paragraphs / 4, writer));
    }
    let text = writer.paragraph();
    if (words + countWords(text) > wantWords) {
      // Trim the last paragraph so the prose's word count lands on the number asked for.
      text = text
        .split(' ')
        .slice(0, wantWords - words)
        .join(' ');
    }
    parts.push(text);
    words += countWords(text);
    paragraphs += 1;
  }
  return parts.join('\n\n');
}
