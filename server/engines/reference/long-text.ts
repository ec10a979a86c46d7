/**
 * Long replies on request ("long", "write 2000 words", "5 paragraphs"): sections of filler prose about
 * the playground, with headings, lists, tables and code blocks every few paragraphs, so a long stream
 * exercises the renderer. Deterministic at temperature 0; the wording varies with the picker above it.
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

function choose<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length)] as T;
}

function sentence(random: () => number): string {
  return `${choose(SUBJECTS, random)} ${choose(VERBS, random)} ${choose(OBJECTS, random)} ${choose(ENDINGS, random)}`;
}

function paragraph(random: () => number): string {
  const count = 3 + Math.floor(random() * 3);
  return Array.from({ length: count }, () => sentence(random)).join(' ');
}

/** An extra block after every few paragraphs, cycling through what a renderer must handle. */
function block(index: number, random: () => number): string {
  switch (index % 3) {
    case 0:
      return Array.from({ length: 3 }, (_, i) => `- Item ${i + 1}: ${sentence(random)}`).join('\n');
    case 1:
      return [
        '| Step | Tokens | Note |',
        '|---|---|---|',
        ...Array.from(
          { length: 3 },
          (_, i) => `| ${i + 1} | ${Math.floor(random() * 900) + 10} | ${choose(ENDINGS, random)} |`,
        ),
      ].join('\n');
    default:
      return [
        '```ts',
        `const step${index} = ${Math.floor(random() * 1000)};`,
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
  const random = createRandom(hashString(`long:${picker.next()}`));
  const parts: string[] = ['## The long reply you asked for'];
  let words = 0;
  let paragraphs = 0;
  const wantWords =
    request.paragraphs === undefined ? (request.words ?? DEFAULT_LONG_WORDS) : Number.POSITIVE_INFINITY;
  const wantParagraphs = request.paragraphs ?? Number.POSITIVE_INFINITY;
  while (words < wantWords && paragraphs < wantParagraphs) {
    if (paragraphs > 0 && paragraphs % 4 === 0) {
      parts.push(`### Part ${paragraphs / 4 + 1}`);
      parts.push(block(paragraphs / 4, random));
    }
    let text = paragraph(random);
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
