/**
 * Models served by llama.cpp or Ollama often put their thinking in the content, as a leading
 * `<think>…</think>`. This splits such content into reasoning and answer as it streams: correct at
 * any split of the tags, an unclosed leading `<think>` counts as thinking until it closes, and only a
 * tag at the very start (after white space) counts — a `<think>` later in an answer (say, in a code
 * sample) is text.
 */
const OPEN = '<think>';
const CLOSE = '</think>';

export interface SplitText {
  reasoning: string;
  content: string;
}

type State = 'start' | 'thinking' | 'after' | 'plain';

export class ThinkTagSplitter {
  private state: State = 'start';
  /** Text held back because it may be the start of a tag. */
  private held = '';

  push(text: string): SplitText {
    const out: SplitText = { reasoning: '', content: '' };
    let rest = this.held + text;
    this.held = '';
    while (rest !== '') {
      if (this.state === 'plain') {
        out.content += rest;
        rest = '';
      } else if (this.state === 'start') {
        const lead = rest.trimStart();
        if (lead === '' || (OPEN.startsWith(lead) && lead.length < OPEN.length)) {
          this.held = rest; // white space or part of `<think>`: wait for more
          rest = '';
        } else if (lead.startsWith(OPEN)) {
          this.state = 'thinking';
          rest = lead.slice(OPEN.length);
        } else {
          this.state = 'plain';
        }
      } else if (this.state === 'thinking') {
        const end = rest.indexOf(CLOSE);
        if (end !== -1) {
          out.reasoning += rest.slice(0, end);
          this.state = 'after';
          rest = rest.slice(end + CLOSE.length);
        } else {
          const keep = partialSuffix(rest, CLOSE);
          out.reasoning += rest.slice(0, rest.length - keep);
          this.held = rest.slice(rest.length - keep);
          rest = '';
        }
      } else {
        // The answer starts at its first character that is not white space.
        const lead = rest.trimStart();
        if (lead !== '') {
          out.content += lead;
          this.state = 'plain';
        }
        rest = '';
      }
    }
    return out;
  }

  /** The stream ended: text held back is what it was (thinking inside an unclosed tag, else content). */
  end(): SplitText {
    const held = this.held;
    this.held = '';
    if (this.state === 'thinking') return { reasoning: held, content: '' };
    return { reasoning: '', content: this.state === 'after' ? held.trimStart() : held };
  }
}

/** How many characters at the end of `text` could begin `tag`. */
function partialSuffix(text: string, tag: string): number {
  for (let n = Math.min(tag.length - 1, text.length); n > 0; n--) {
    if (tag.startsWith(text.slice(text.length - n))) return n;
  }
  return 0;
}

/** Splits a whole text at once (a non-streamed reply). */
export function splitThinkTags(text: string): SplitText {
  const splitter = new ThinkTagSplitter();
  const first = splitter.push(text);
  const last = splitter.end();
  return { reasoning: first.reasoning + last.reasoning, content: first.content + last.content };
}
