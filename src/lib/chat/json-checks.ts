/** A problem found in a JSON document: where (a JSONPath-like `$.a.b[2]`) and what is wrong there. */
export interface Issue {
  path: string;
  reason: string;
}

/** Checks `value` at `path`, appends any issues, and returns true when it is valid. */
export type Checker = (value: unknown, path: string, issues: Issue[]) => boolean;

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string')
    return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  return typeof value === 'object' ? 'an object' : `${typeof value} ${String(value)}`;
}

export const checkString: Checker = (value, path, issues) => {
  if (typeof value === 'string') return true;
  issues.push({ path, reason: `must be a string, found ${describe(value)}` });
  return false;
};

export const checkBoolean: Checker = (value, path, issues) => {
  if (typeof value === 'boolean') return true;
  issues.push({ path, reason: `must be true or false, found ${describe(value)}` });
  return false;
};

export const checkNumber: Checker = (value, path, issues) => {
  if (typeof value === 'number' && Number.isFinite(value)) return true;
  issues.push({ path, reason: `must be a finite number, found ${describe(value)}` });
  return false;
};

/** Accepts `undefined` (the key is absent), else defers to `inner`. */
export function checkOptional(inner: Checker): Checker {
  return (value, path, issues) => value === undefined || inner(value, path, issues);
}

export function checkEnum(allowed: readonly string[]): Checker {
  return (value, path, issues) => {
    if (typeof value === 'string' && allowed.includes(value)) return true;
    issues.push({
      path,
      reason: `must be one of ${allowed.map((a) => `"${a}"`).join(', ')}, found ${describe(value)}`,
    });
    return false;
  };
}

export function checkArray(item: Checker): Checker {
  return (value, path, issues) => {
    if (!Array.isArray(value)) {
      issues.push({ path, reason: `must be an array, found ${describe(value)}` });
      return false;
    }
    let ok = true;
    value.forEach((element, index) => {
      if (!item(element, `${path}[${index}]`, issues)) ok = false;
    });
    return ok;
  };
}

/**
 * Checks an object's listed fields. A field missing from the object is reported unless its checker
 * accepts `undefined` (`checkOptional`); unknown fields are allowed only when `open` is true.
 */
export function checkObject(fields: Record<string, Checker>, open = false): Checker {
  return (value, path, issues) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      issues.push({ path, reason: `must be an object, found ${describe(value)}` });
      return false;
    }
    const record = value as Record<string, unknown>;
    let ok = true;
    for (const [key, check] of Object.entries(fields)) {
      const before = issues.length;
      if (!check(record[key], `${path}.${key}`, issues)) {
        ok = false;
        if (!(key in record))
          issues.splice(before, issues.length - before, { path: `${path}.${key}`, reason: 'is missing' });
      }
    }
    if (!open) {
      for (const key of Object.keys(record)) {
        if (!(key in fields)) {
          issues.push({ path: `${path}.${key}`, reason: 'is not a known field' });
          ok = false;
        }
      }
    }
    return ok;
  };
}

/**
 * Reads the envelope of an exported document: valid JSON, an object, `format` this kind's name and
 * `version` one this playground reads. Returns the document when its payload is worth checking (a
 * version problem is listed and the payload checked too, so one import reports everything), or null
 * when it is not JSON, not an object or another kind of document.
 */
export function readExport(
  text: string,
  { format, version, kind }: { format: string; version: number; kind: string },
  issues: Issue[],
): Record<string, unknown> | null {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    issues.push({ path: '$', reason: `is not valid JSON (${detail})` });
    return null;
  }
  if (!checkObject({}, true)(document, '$', issues)) return null;
  const doc = document as Record<string, unknown>;
  if (doc.format !== format) {
    issues.push({
      path: '$.format',
      reason: `must be "${format}" (found ${JSON.stringify(doc.format) ?? 'nothing'}); this is not ${kind} exported by the playground`,
    });
    return null;
  }
  if (typeof doc.version !== 'number' || !Number.isInteger(doc.version) || doc.version < 1) {
    issues.push({ path: '$.version', reason: 'must be a positive integer' });
  } else if (doc.version > version) {
    issues.push({
      path: '$.version',
      reason: `is ${doc.version}, newer than this playground reads (${version}); update the playground`,
    });
  }
  return doc;
}
