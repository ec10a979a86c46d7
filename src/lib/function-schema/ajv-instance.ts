import Ajv, { type ErrorObject } from 'ajv';

/**
 * One Ajv for the playground. `strict: false` lets descriptive keywords other tools add (`examples`,
 * `x-…`) through, as the local service does; a malformed schema still fails `validateSchema`.
 */
export const ajv = new Ajv({ strict: false, allErrors: true });

/** One Ajv error as a person reads it: where (a JSON path) and what is wrong. */
export function describeAjvError(error: ErrorObject): { path: string; message: string } {
  const path = error.instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((acc, part) => (/^\d+$/.test(part) ? `${acc}[${part}]` : acc ? `${acc}.${part}` : part), '');
  let message = error.message ?? 'is invalid';
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'enum' && Array.isArray(params.allowedValues))
    message = `must be one of ${params.allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
  if (error.keyword === 'additionalProperties' && typeof params.additionalProperty === 'string')
    message = `has an unknown property '${params.additionalProperty}'`;
  if (error.keyword === 'required' && typeof params.missingProperty === 'string') {
    const missing = params.missingProperty;
    return { path: path ? `${path}.${missing}` : missing, message: 'is required but missing' };
  }
  return { path, message };
}

/**
 * Checks `value` against `schema` with the shared Ajv, compiled for this one check: schemas differ
 * per function, request and variant, so none is kept in the instance. Says why when the schema does
 * not compile.
 */
export function checkWithSchema(
  schema: object,
  value: unknown,
): { compiled: true; violations: { path: string; message: string }[] } | { compiled: false; reason: string } {
  let validate;
  try {
    validate = ajv.compile(schema);
  } catch (error) {
    return { compiled: false, reason: error instanceof Error ? error.message : String(error) };
  } finally {
    ajv.removeSchema(schema);
  }
  return {
    compiled: true,
    violations: validate(value) ? [] : (validate.errors ?? []).map(describeAjvError),
  };
}
