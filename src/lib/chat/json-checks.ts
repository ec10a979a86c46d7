/** A problem found in a JSON document: where (a JSONPath-like `$.a.b[2]`) and what is wrong there. */
export interface Issue {
  path: string;
  reason: string;
}

/** Checks `value` at `path`, appends any issues, and returns true when it is valid. */
export type Checker = (value: unknown, path: string, issues: Issue[]) => boolean;

/**
 * The most issues one document (one conversation of a file) lists. Checkers stop looking once a
 * list holds this many, so a hostile document of millions of bad entries costs what 100 cost.
 */
export const MAX_ISSUES = 100;

const full = (issues: readonly Issue[]) => issues.length >= MAX_ISSUES;

/**
 * Ends a list that reached `MAX_ISSUES` with a line saying more were not looked for; the list is
 * cut to the limit first (a checker may pass it by a few).
 */
export function capIssues(issues: Issue[]): Issue[] {
  if (!full(issues)) return issues;
  issues.length = MAX_ISSUES;
  issues.push({ path: '$', reason: `has more problems than the first ${MAX_ISSUES} listed here` });
  return issues;
}

/** The path of a key: a long key (any text, from outside) is cut, so an issue stays readable. */
export function keyPath(path: string, key: string): string {
  return `${path}.${key.length > 40 ? `${key.slice(0, 40)}…` : key}`;
}

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

/** Accepts `null`, else defers to `inner`. */
export function checkNullable(inner: Checker): Checker {
  return (value, path, issues) => value === null || inner(value, path, issues);
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
    for (let index = 0; index < value.length && !full(issues); index++)
      if (!item(value[index], `${path}[${index}]`, issues)) ok = false;
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
      // Own fields only: `toString` or `constructor` read through the prototype is no field of it.
      const own = Object.hasOwn(record, key);
      if (!check(own ? record[key] : undefined, `${path}.${key}`, issues)) {
        ok = false;
        if (!own)
          issues.splice(before, issues.length - before, { path: `${path}.${key}`, reason: 'is missing' });
      }
      if (full(issues)) return false;
    }
    if (!open) {
      for (const key of Object.keys(record)) {
        if (!Object.hasOwn(fields, key)) {
          issues.push({ path: keyPath(path, key), reason: 'is not a known field' });
          ok = false;
          if (full(issues)) return false;
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
  return readExportValue(document, { format, version, kind }, issues);
}

/** `readExport` of a document already parsed. */
export function readExportValue(
  document: unknown,
  { format, version, kind }: { format: string; version: number; kind: string },
  issues: Issue[],
): Record<string, unknown> | null {
  if (!checkObject({}, true)(document, '$', issues)) return null;
  const doc = document as Record<string, unknown>;
  if (doc.format !== format) {
    issues.push({
      path: '$.format',
      reason: `must be "${format}" (found ${doc.format === undefined ? 'nothing' : describe(doc.format)}); this is not ${kind} exported by the playground`,
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
