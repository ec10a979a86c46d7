/**
 * Prompt templates: `{{variable}}` and dot paths (`{{case.city}}`) in the system prompt, the few-shot
 * turns and the message. A variable a row lacks is an error for that row, never a silent ''.
 *
 * Syntax: `{{` optional spaces, a name, optional spaces, `}}`. A name is segments joined by dots;
 * a segment is letters, digits, `_` or `-`, not starting with a digit or `-`, or all digits (an array
 * index: `{{items.0}}`). Any other `{{` is plain text, sent as written (there is no escape).
 */

/** The parts of an experiment's prompt that may hold variables. */
export interface ExperimentTemplate {
  /** Sent as the first message when it holds more than whitespace. */
  system: string;
  /** Example turns sent before the message, in order. */
  fewShot: FewShotTurn[];
  message: string;
}

export interface FewShotTurn {
  role: 'user' | 'assistant';
  content: string;
}

export type TemplatePart =
  | { kind: 'text'; text: string }
  | {
      kind: 'variable';
      /** As written, without spaces: `case.city`. */
      name: string;
      path: string[];
      /** Where `{{` starts, in UTF-16 code units. */
      offset: number;
    };

/** A row that cannot fill the template: which variable, where, and why. */
export interface TemplateError {
  variable: string;
  /** `system`, `fewShot[1]` or `message`. */
  field: string;
  message: string;
}

/**
 * The most characters a rendered prompt may hold (all its fields together): as much as a reply may
 * hold (REPLY_LIMITS), and far more than any model's context. Counted before the text is built, so
 * a template that names a 1 MB value 10,000 times is refused, not assembled.
 */
export const MAX_RENDERED_CHARS = 8 * 1024 * 1024;

/** Longer "names" are not variables: a name is a few words, and this bounds each attempt to read one. */
const MAX_NAME_CHARS = 256;

/** Counts characters examined, so a test can show the work is linear without timing it. */
export interface WorkCounter {
  steps: number;
}

const isSpace = (c: number) => c === 32 || c === 9;
const isNameChar = (c: number) =>
  (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 45 || c === 46;
const SEGMENT = /^(?:[A-Za-z_][A-Za-z0-9_-]*|\d+)$/;

/**
 * Reads a variable whose `{{` ends at `from`; null when what follows is not one. The scan stops at
 * the first character that cannot be part of a name (every `{` is one), so attempts from successive
 * `{{` never cover the same text twice: linear in the template, whatever it holds.
 */
function readVariable(text: string, from: number, work?: WorkCounter): { end: number; name: string } | null {
  let i = from;
  const limit = Math.min(text.length, from + MAX_NAME_CHARS + 64);
  while (i < limit && isSpace(text.charCodeAt(i))) i++;
  const start = i;
  while (i < limit && isNameChar(text.charCodeAt(i))) i++;
  const name = text.slice(start, i);
  while (i < limit && isSpace(text.charCodeAt(i))) i++;
  if (work) work.steps += i - from + 1;
  if (name === '' || name.length > MAX_NAME_CHARS || !text.startsWith('}}', i)) return null;
  if (!name.split('.').every((segment) => SEGMENT.test(segment))) return null;
  return { end: i + 2, name };
}

/** Splits a text into plain parts and variables. */
export function parseTemplate(text: string, work?: WorkCounter): TemplatePart[] {
  const parts: TemplatePart[] = [];
  let textStart = 0;
  let at = 0;
  for (;;) {
    const open = text.indexOf('{{', at);
    if (work) work.steps += (open < 0 ? text.length : open) - at + 1;
    if (open < 0) break;
    const variable = readVariable(text, open + 2, work);
    if (!variable) {
      at = open + 1;
      continue;
    }
    if (open > textStart) parts.push({ kind: 'text', text: text.slice(textStart, open) });
    parts.push({ kind: 'variable', name: variable.name, path: variable.name.split('.'), offset: open });
    textStart = at = variable.end;
  }
  if (textStart < text.length) parts.push({ kind: 'text', text: text.slice(textStart) });
  return parts;
}

/** Each field of a template with its name, in the order they are sent. */
export function templateFields(template: ExperimentTemplate): { field: string; text: string }[] {
  return [
    { field: 'system', text: template.system },
    ...template.fewShot.map((turn, i) => ({ field: `fewShot[${i}]`, text: turn.content })),
    { field: 'message', text: template.message },
  ];
}

/** The variables a template names, each once, in the order they first appear. */
export function templateVariables(template: ExperimentTemplate | string): string[] {
  const texts = typeof template === 'string' ? [template] : templateFields(template).map((f) => f.text);
  const seen = new Set<string>();
  for (const text of texts)
    for (const part of parseTemplate(text)) if (part.kind === 'variable') seen.add(part.name);
  return [...seen];
}

/**
 * The variables a dataset with these columns cannot fill: their first segment is no column (a
 * column may also be named with dots, `case.city`, and then fills the whole name).
 */
export function missingColumns(variables: readonly string[], columns: readonly string[]): string[] {
  const have = new Set(columns);
  return variables.filter((name) => !have.has(name) && !have.has(name.split('.')[0]!));
}

type Lookup = { ok: true; value: unknown } | { ok: false; message: string };

/** Own properties only: `{{constructor}}` or `{{__proto__}}` is no variable of a row. */
function lookUp(vars: Readonly<Record<string, unknown>>, name: string, path: readonly string[]): Lookup {
  if (Object.hasOwn(vars, name)) return { ok: true, value: vars[name] };
  let node: unknown = vars;
  for (let i = 0; i < path.length; i++) {
    const key = path[i]!;
    const container =
      typeof node === 'object' && node !== null && Object.hasOwn(node, key)
        ? (node as Record<string, unknown>)
        : null;
    if (!container) {
      const where = path.slice(0, i).join('.');
      return {
        ok: false,
        message:
          i === 0
            ? `the row has no variable '${key}'`
            : `'${where}' has no field '${key}' (it is ${describeValue(node)})`,
      };
    }
    node = container[key];
  }
  return { ok: true, value: node };
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** A value as it reads in a prompt: text as it is, numbers and booleans written out, objects as JSON. */
function asText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value === null || value === undefined) return null;
  return JSON.stringify(value);
}

export type RenderResult = { ok: true; text: string } | { ok: false; error: TemplateError };

/** Fills one text. `budget` is the characters still allowed (see MAX_RENDERED_CHARS). */
export function renderText(
  text: string,
  vars: Readonly<Record<string, unknown>>,
  field = 'message',
  budget = MAX_RENDERED_CHARS,
): RenderResult {
  const parts = parseTemplate(text);
  const pieces: string[] = [];
  let length = 0;
  for (const part of parts) {
    let piece: string;
    if (part.kind === 'text') piece = part.text;
    else {
      const found = lookUp(vars, part.name, part.path);
      const fail = (message: string): RenderResult => ({
        ok: false,
        error: { variable: part.name, field, message: `${field}: {{${part.name}}}: ${message}` },
      });
      if (!found.ok) return fail(found.message);
      const value = asText(found.value);
      if (value === null) return fail(`the row's value is ${found.value === null ? 'null' : 'empty'}`);
      piece = value;
    }
    length += piece.length;
    if (length > budget)
      return {
        ok: false,
        error: {
          variable: part.kind === 'variable' ? part.name : '',
          field,
          message: `${field}: the prompt filled in would pass ${MAX_RENDERED_CHARS.toLocaleString('en')} characters, more than is sent`,
        },
      };
    pieces.push(piece);
  }
  return { ok: true, text: pieces.join('') };
}

export type TemplateRender =
  { ok: true; template: ExperimentTemplate } | { ok: false; errors: TemplateError[] };

/** Fills every field of a template from one row; every field's error is listed, not only the first. */
export function renderTemplate(
  template: ExperimentTemplate,
  vars: Readonly<Record<string, unknown>>,
): TemplateRender {
  const errors: TemplateError[] = [];
  let budget = MAX_RENDERED_CHARS;
  const fill = (text: string, field: string): string => {
    const result = renderText(text, vars, field, budget);
    if (!result.ok) {
      errors.push(result.error);
      return '';
    }
    budget -= result.text.length;
    return result.text;
  };
  const system = fill(template.system, 'system');
  const fewShot = template.fewShot.map((turn, i) => ({
    role: turn.role,
    content: fill(turn.content, `fewShot[${i}]`),
  }));
  const message = fill(template.message, 'message');
  return errors.length > 0 ? { ok: false, errors } : { ok: true, template: { system, fewShot, message } };
}
