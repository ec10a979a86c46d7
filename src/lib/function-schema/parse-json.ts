/**
 * A small JSON parser that says WHERE things are: the offset, line and column of the first error,
 * how far a growing (streamed) text parses so far, and the source span of every value by JSON path.
 * `JSON.parse` gives none of these reliably across engines.
 */

/** A place in the text: 0-based offset, 1-based line and column. */
export interface TextPosition {
  offset: number;
  line: number;
  column: number;
}

/** Where a value (and, for object members, its key) sits in the text. */
export interface ValueSpan {
  from: number;
  to: number;
  /** For object members: where the key starts, so errors about a key can point at it. */
  keyFrom?: number;
}

export type JsonParseResult =
  | { ok: true; value: unknown; spans: Map<string, ValueSpan> }
  | {
      ok: false;
      message: string;
      position: TextPosition;
      /** True when the text is only unfinished (it could still become valid JSON as more arrives). */
      incomplete: boolean;
      spans: Map<string, ValueSpan>;
    };

class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly offset: number,
    readonly incomplete: boolean,
  ) {
    super(message);
  }
}

/** Joins a JSON path the way error messages show it: `functions[0].parameters.properties.city`. */
export function joinPath(base: string, key: string | number): string {
  if (typeof key === 'number') return `${base}[${key}]`;
  const plain = /^[A-Za-z_$][\w$-]*$/.test(key);
  if (!plain) return `${base}[${JSON.stringify(key)}]`;
  return base === '' ? key : `${base}.${key}`;
}

/** Converts an offset into a line and column (1-based). */
export function positionAt(text: string, offset: number): TextPosition {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { offset, line, column: offset - lineStart + 1 };
}

const ESCAPES: Record<string, string> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

class Parser {
  pos = 0;
  readonly spans = new Map<string, ValueSpan>();
  constructor(private readonly text: string) {}

  fail(message: string, offset = this.pos): never {
    throw new JsonSyntaxError(message, offset, offset >= this.text.length);
  }

  skip(): void {
    while (this.pos < this.text.length && ' \t\n\r'.includes(this.text[this.pos] as string)) this.pos++;
  }

  expect(char: string, what: string): void {
    this.skip();
    if (this.text[this.pos] !== char) this.fail(`Expected ${what}`);
    this.pos++;
  }

  value(path: string, keyFrom?: number): unknown {
    this.skip();
    const from = this.pos;
    const value = this.bare(path);
    this.spans.set(path, keyFrom === undefined ? { from, to: this.pos } : { from, to: this.pos, keyFrom });
    return value;
  }

  bare(path: string): unknown {
    const char = this.text[this.pos];
    if (char === undefined) this.fail('Unexpected end of text: a value was expected');
    if (char === '{') return this.object(path);
    if (char === '[') return this.array(path);
    if (char === '"') return this.string();
    if (char === '-' || (char >= '0' && char <= '9')) return this.number();
    for (const [word, value] of [
      ['true', true],
      ['false', false],
      ['null', null],
    ] as const) {
      const have = this.text.slice(this.pos, this.pos + word.length);
      if (have === word) {
        this.pos += word.length;
        return value;
      }
      if (word.startsWith(have) && this.pos + have.length >= this.text.length)
        this.fail('Unexpected end of text', this.text.length);
    }
    return this.fail(`Unexpected character ${JSON.stringify(char)}: a value was expected`);
  }

  object(path: string): Record<string, unknown> {
    this.pos++;
    const result: Record<string, unknown> = {};
    this.skip();
    if (this.text[this.pos] === '}') {
      this.pos++;
      return result;
    }
    for (;;) {
      this.skip();
      if (this.text[this.pos] !== '"')
        this.fail(
          this.pos >= this.text.length
            ? 'Unexpected end of text'
            : 'Expected a property name in double quotes',
        );
      const keyFrom = this.pos;
      const key = this.string();
      this.expect(':', "':' after the property name");
      // defineProperty, as JSON.parse does: `result["__proto__"] = v` would set the prototype instead
      // of keeping the key, and the arguments shown would differ from what arrived.
      Object.defineProperty(result, key, {
        value: this.value(joinPath(path, key), keyFrom),
        enumerable: true,
        writable: true,
        configurable: true,
      });
      this.skip();
      const next = this.text[this.pos];
      if (next === ',') {
        this.pos++;
        this.skip();
        if (this.text[this.pos] === '}') this.fail('Trailing comma before }');
        continue;
      }
      if (next === '}') {
        this.pos++;
        return result;
      }
      this.fail(
        next === undefined
          ? 'Unexpected end of text: } was expected'
          : "Expected ',' or '}' after a property value",
      );
    }
  }

  array(path: string): unknown[] {
    this.pos++;
    const result: unknown[] = [];
    this.skip();
    if (this.text[this.pos] === ']') {
      this.pos++;
      return result;
    }
    for (;;) {
      result.push(this.value(joinPath(path, result.length)));
      this.skip();
      const next = this.text[this.pos];
      if (next === ',') {
        this.pos++;
        this.skip();
        if (this.text[this.pos] === ']') this.fail('Trailing comma before ]');
        continue;
      }
      if (next === ']') {
        this.pos++;
        return result;
      }
      this.fail(
        next === undefined
          ? 'Unexpected end of text: ] was expected'
          : "Expected ',' or ']' after an array element",
      );
    }
  }

  string(): string {
    const start = this.pos;
    this.pos++;
    let out = '';
    for (;;) {
      const char = this.text[this.pos];
      if (char === undefined) this.fail('Unexpected end of text inside a string');
      if (char === '"') {
        this.pos++;
        return out;
      }
      if (char === '\\') {
        const esc = this.text[this.pos + 1];
        if (esc === undefined) this.fail('Unexpected end of text inside a string', this.text.length);
        if (esc === 'u') {
          const hex = this.text.slice(this.pos + 2, this.pos + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) {
            if (this.pos + 2 + hex.length >= this.text.length && /^[0-9a-fA-F]*$/.test(hex))
              this.fail('Unexpected end of text inside a string', this.text.length);
            this.fail('Invalid \\u escape: four hex digits were expected');
          }
          out += String.fromCharCode(parseInt(hex, 16));
          this.pos += 6;
          continue;
        }
        const mapped = ESCAPES[esc];
        if (mapped === undefined) this.fail(`Invalid escape \\${esc}`);
        out += mapped;
        this.pos += 2;
        continue;
      }
      if (char.charCodeAt(0) < 0x20)
        this.fail(`Unescaped control character in a string starting at offset ${start}`);
      out += char;
      this.pos++;
    }
  }

  number(): number {
    NUMBER.lastIndex = this.pos;
    const match = NUMBER.exec(this.text);
    if (!match) {
      if (this.pos + 1 >= this.text.length) this.fail('Unexpected end of text in a number', this.text.length);
      this.fail('Invalid number');
    }
    const end = this.pos + match[0].length;
    // "1." or "1e" at the end of a growing text may still become a number.
    if (end === this.text.length - 1 && /[.eE+-]/.test(this.text[end] as string))
      this.fail('Unexpected end of text in a number', this.text.length);
    this.pos = end;
    return Number(match[0]);
  }
}

/**
 * Parses `text` as one JSON value. On failure it reports the position of the first error and
 * whether the text is merely unfinished (`incomplete`), which is how a streamed reply shows how
 * far it parses so far.
 */
export function parseJson(text: string): JsonParseResult {
  const parser = new Parser(text);
  try {
    const value = parser.value('');
    parser.skip();
    if (parser.pos < text.length) parser.fail('Unexpected text after the JSON value');
    return { ok: true, value, spans: parser.spans };
  } catch (error) {
    if (!(error instanceof JsonSyntaxError)) throw error;
    return {
      ok: false,
      message: error.message,
      position: positionAt(text, error.offset),
      incomplete: error.incomplete,
      spans: parser.spans,
    };
  }
}
