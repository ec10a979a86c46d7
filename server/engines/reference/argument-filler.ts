/**
 * Fills a function's arguments so they validate against its `parameters` schema: values from the
 * user's message where one fits (an enum value it mentions, its numbers in order, quoted strings,
 * "in <Place>" for location-like names, e-mails, URLs, ISO dates), otherwise a typed default (the
 * schema's `default`, the first enum value, the minimum, false, an empty-but-long-enough string…).
 * Every `required` property is present; optional ones are filled only when the message supplies
 * them. Supported keywords: type (also arrays of types), enum, const, properties, required,
 * additionalProperties, items, minItems/maxItems, minimum/maximum (exclusive too), multipleOf,
 * minLength/maxLength, anyOf/oneOf (first branch), default. `pattern` and `format` are not solved.
 */
import type { FunctionParameters } from '../../../src/protocol/wire';
import { nameWords } from './function-choice';
import { extractValues, type MessageValues } from './message-values';

type Schema = Record<string, unknown>;

const LOCATION_NAMES = new Set([
  'location',
  'city',
  'place',
  'country',
  'destination',
  'address',
  'where',
  'region',
  'town',
  'origin',
  'state',
]);
const FREE_TEXT_NAMES = new Set([
  'query',
  'q',
  'text',
  'message',
  'content',
  'prompt',
  'search',
  'question',
  'input',
  'body',
  'note',
]);

function typeOf(schema: Schema): string | undefined {
  const type = schema.type;
  if (typeof type === 'string') return type;
  if (Array.isArray(type)) return type.find((t) => t !== 'null') ?? (type[0] as string | undefined);
  if (schema.properties) return 'object';
  if (schema.items) return 'array';
  return undefined;
}

const WORD_CHAR = /[\p{L}\p{N}]/u;
const ONE_WORD = /^[\p{L}\p{N}]+$/u;

/**
 * Whether the message mentions `value` as a whole word or phrase. One word is a set look-up; a phrase
 * is searched with indexOf in the (capped) text. An enum of 30,000 values once built and ran a regex
 * each over a 120 KB message (17 s).
 */
function mentioned(values: MessageValues, value: unknown): boolean {
  const needle = String(value).toLowerCase();
  if (needle.length === 0) return false;
  if (ONE_WORD.test(needle)) return values.words.has(needle);
  const text = values.lower;
  const isWordChar = (at: number): boolean => at >= 0 && at < text.length && WORD_CHAR.test(text.charAt(at));
  for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) {
    if (!isWordChar(at - 1) && !isWordChar(at + needle.length)) return true;
  }
  return false;
}

/** Items an array gets from the message beyond what its schema requires. */
const MAX_EXTRA_ITEMS = 64;

function fitNumber(value: number, schema: Schema, integer: boolean): number {
  let n = integer ? Math.round(value) : value;
  const step =
    typeof schema.multipleOf === 'number' && schema.multipleOf > 0 ? schema.multipleOf : integer ? 1 : 0;
  const min = typeof schema.minimum === 'number' ? schema.minimum : undefined;
  const max = typeof schema.maximum === 'number' ? schema.maximum : undefined;
  const exMin = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : undefined;
  const exMax = typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum : undefined;
  const low = exMin !== undefined ? exMin + (step || 1e-9) : min;
  const high = exMax !== undefined ? exMax - (step || 1e-9) : max;
  if (low !== undefined && n < low) n = low;
  if (high !== undefined && n > high) n = high;
  if (step > 0) {
    n = Math.round(n / step) * step;
    if (low !== undefined && n < low) n += step;
    if (high !== undefined && n > high) n -= step;
    n = Number(n.toFixed(10));
  }
  return n;
}

function fitString(value: string, schema: Schema): string {
  let text = value;
  if (typeof schema.maxLength === 'number') text = [...text].slice(0, schema.maxLength).join('');
  if (typeof schema.minLength === 'number' && [...text].length < schema.minLength) {
    text = text.padEnd(schema.minLength, text.length > 0 ? ' ' : 'x');
  }
  return text;
}

/** Fills one value of `schema` for the property `name`; `values` are consumed as they are used. */
function fillValue(
  schema: Schema,
  name: string,
  values: MessageValues,
  required: boolean,
): { value: unknown } | undefined {
  if ('const' in schema) return { value: schema.const };
  const branches = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (Array.isArray(branches) && branches[0])
    return fillValue(
      { ...schema, anyOf: undefined, oneOf: undefined, ...branches[0] },
      name,
      values,
      required,
    );
  if (Array.isArray(schema.enum) && schema.enum.length > 0) {
    const hit = schema.enum.find((option) => mentioned(values, option));
    if (hit !== undefined) return { value: hit };
    return required
      ? {
          value:
            'default' in schema && schema.enum.includes(schema.default) ? schema.default : schema.enum[0],
        }
      : undefined;
  }
  const words = nameWords(name);
  const type = typeOf(schema);
  switch (type) {
    case 'integer':
    case 'number': {
      const found = values.numbers.shift();
      if (found !== undefined) return { value: fitNumber(found, schema, type === 'integer') };
      if (!required) return undefined;
      const fallback = typeof schema.default === 'number' ? schema.default : 0;
      return { value: fitNumber(fallback, schema, type === 'integer') };
    }
    case 'boolean': {
      const said = words.some((word) => mentioned(values, word));
      if (said) return { value: !/\b(not|no|don't|without|disable|false)\b/i.test(values.text) };
      return required ? { value: typeof schema.default === 'boolean' ? schema.default : false } : undefined;
    }
    case 'string': {
      const found = pickString(words, values);
      if (found !== undefined) return { value: fitString(found, schema) };
      if (!required) return undefined;
      return {
        value: fitString(typeof schema.default === 'string' ? schema.default : 'unspecified', schema),
      };
    }
    case 'array': {
      const itemSchema = (schema.items && !Array.isArray(schema.items) ? schema.items : {}) as Schema;
      const min = typeof schema.minItems === 'number' ? schema.minItems : 0;
      const max = typeof schema.maxItems === 'number' ? schema.maxItems : Number.POSITIVE_INFINITY;
      const items: unknown[] = [];
      const seen = new Set<string>();
      const most = Math.min(max, Math.max(min, 1) + MAX_EXTRA_ITEMS);
      while (items.length < most) {
        const mustFill = items.length < Math.max(min, required ? 1 : 0);
        const item = fillValue(itemSchema, name, values, mustFill);
        if (item === undefined) break;
        const key = JSON.stringify(item.value);
        if ((!mustFill || schema.uniqueItems) && seen.has(key)) break;
        seen.add(key);
        items.push(item.value);
        if (items.length >= Math.max(min, 1) && values.numbers.length + values.quoted.length === 0) break;
      }
      return items.length > 0 || required ? { value: items } : undefined;
    }
    case 'null':
      return { value: null };
    case 'object':
      return { value: fillObject(schema, values) };
    default:
      return required ? { value: pickString(words, values) ?? 'unspecified' } : undefined;
  }
}

function pickString(words: string[], values: MessageValues): string | undefined {
  const is = (set: Set<string>) => words.some((word) => set.has(word));
  if (is(LOCATION_NAMES) && values.places.length > 0) return values.places.shift();
  if (words.includes('email') && values.emails.length > 0) return values.emails.shift();
  if (words.some((w) => w === 'url' || w === 'link' || w === 'uri') && values.urls.length > 0)
    return values.urls.shift();
  if (words.includes('date') && values.dates.length > 0) return values.dates.shift();
  if (values.quoted.length > 0) return values.quoted.shift();
  if (is(FREE_TEXT_NAMES) && values.text.trim().length > 0) return values.text.trim();
  return undefined;
}

function fillObject(schema: Schema, values: MessageValues): Record<string, unknown> {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const result: Record<string, unknown> = {};
  for (const [name, propertySchema] of Object.entries(properties)) {
    const filled = fillValue(propertySchema ?? {}, name, values, required.has(name));
    if (filled !== undefined) result[name] = filled.value;
  }
  // A required name with no property schema is still required: any value validates against {}.
  for (const name of required) if (!(name in result)) result[name] = 'unspecified';
  return result;
}

/** Arguments for a call of a function with these `parameters`, from the user's message text. */
export function fillArguments(
  parameters: FunctionParameters | undefined,
  messageText: string,
): Record<string, unknown> {
  if (!parameters) return {};
  return fillObject(parameters as Schema, extractValues(messageText));
}

/** A value valid against any JSON Schema (structured outputs), filled from the message as arguments are. */
export function fillSchema(schema: Record<string, unknown>, messageText: string): unknown {
  return fillValue(schema as Schema, 'value', extractValues(messageText), true)?.value ?? {};
}
